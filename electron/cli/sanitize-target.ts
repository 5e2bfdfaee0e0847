/**
 * `syncbench _sanitize-target --workload <id>` (hidden): runs one small launch of a verification workload,
 * undefined-behaviour variants included, so compute-sanitizer can watch it (electron/core/verify/sanitizer.ts).
 * Never reports a measurement.
 */
import type { Command } from 'commander';

import type { MeasureBackend } from '../model/measure/backend';
import { createAddonBackend } from '../core/native/addon-backend';
import { resolveDevice } from '../core/measure/device';
import { SANITIZER_TARGETS } from '../model/modes/sanitizer-targets';
import { smokeSpec } from '../core/verify/smoke';
import { EXIT } from './exit-codes';

const TARGETS = [...new Set(SANITIZER_TARGETS.map(([, workload]) => workload))];

/** Registers the hidden `_sanitize-target --workload <id>`. */
export function registerSanitizeTargetCommand(program: Command): void {
  program
    .command('_sanitize-target', { hidden: true })
    .description('run one small launch of a verification workload for compute-sanitizer (internal)')
    .requiredOption('--workload <id>', 'handoff_smem, handoff_smem_no_barrier or divergent_barrier')
    .action(async (o: { workload: string }) => {
      process.exitCode = await sanitizeTargetCommand(createAddonBackend(), o.workload);
    });
}

/** Runs one launch of `workload` on device 0; 2 for an unknown target, 3 without a GPU. */
export async function sanitizeTargetCommand(backend: MeasureBackend, workload: string): Promise<number> {
  const info = TARGETS.includes(workload)
    ? (await backend.workloads()).find((w) => w.id === workload)
    : undefined;
  if (!info) {
    process.stderr.write(
      `_sanitize-target: '${workload}' is not a sanitizer target; use ${TARGETS.join(', ')}\n`,
    );
    return EXIT.invalid;
  }
  const { device } = await resolveDevice(backend, 0);
  // The smoke test's tiny launch, once, without the baseline kernel (only the target runs under the tool).
  const spec = {
    ...smokeSpec(info, device.ordinal),
    baseline: null,
    minReps: 1,
    maxReps: 1,
    allowUnsafe: true,
  };
  await backend.startRun([spec], () => {}).done;
  return EXIT.ok;
}
