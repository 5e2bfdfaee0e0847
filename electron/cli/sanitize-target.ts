/**
 * `syncbench _sanitize-target --workload <id>` (hidden): runs one small launch of a verification workload,
 * undefined-behaviour variants included, so compute-sanitizer can watch it (electron/core/verify/sanitizer.ts).
 * Never reports a measurement.
 */
import type { MeasureBackend } from '../core/measure/backend';
import { resolveDevice } from '../core/measure/run';
import { SANITIZER_TARGETS } from '../core/verify/sanitizer-targets';
import { smokeSpec } from '../core/verify/smoke';
import { EXIT } from './exit-codes';

const TARGETS = [...new Set(SANITIZER_TARGETS.map(([, workload]) => workload))];

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
