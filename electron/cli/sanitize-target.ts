/**
 * `syncbench _sanitize-target --workload <id>` (hidden): runs one small launch of a verification workload,
 * undefined-behaviour variants included, so compute-sanitizer can watch it (electron/core/verify/sanitizer.ts).
 * Never reports a measurement.
 */
import type { MeasureBackend } from '../core/measure/backend';
import { resolveDevice } from '../core/measure/run';
import { EXIT } from './exit-codes';

const TARGETS = new Set(['handoff_smem', 'handoff_smem_no_barrier', 'divergent_barrier']);

export async function sanitizeTargetCommand(backend: MeasureBackend, workload: string): Promise<number> {
  if (!TARGETS.has(workload)) {
    process.stderr.write(
      `_sanitize-target: '${workload}' is not a sanitizer target; use ${[...TARGETS].join(', ')}\n`,
    );
    return EXIT.invalid;
  }
  const { device } = await resolveDevice(backend, 0);
  const handle = backend.startRun(
    [
      {
        device: device.ordinal,
        workload,
        param: 0,
        baseline: null,
        unitsPerIter: 1,
        launch: { gridBlocks: 2, threadsPerBlock: 128, clusterSize: 0, dynamicSmemBytes: 0 },
        itersLo: 2,
        itersHi: 4,
        warmup: 0,
        minReps: 1,
        maxReps: 1,
        minTimeMs: 0,
        maxTimeMs: 0,
        targetRelCi: 1,
        allowUnsafe: true,
      },
    ],
    () => {},
  );
  await handle.done;
  return EXIT.ok;
}
