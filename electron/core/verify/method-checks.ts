/**
 * GPU checks of the method itself: the difference method measures a known instruction (a dependent FADD,
 * FADD_EXPECTED_CYCLES ± FADD_TOLERANCE_CYCLES), and compute-sanitizer reports the planted hazards and nothing on
 * the correct kernels.
 */
import { FADD_EXPECTED_CYCLES, FADD_TOLERANCE_CYCLES } from '../../model/modes/calibration';
import type { MeasureBackend } from '../../model/measure/backend';
import { measure } from './chapter-checks';
import type { Check } from './checks';
import { runSanitizerTarget, sanitizerVersion, type SanitizerHost } from './sanitizer';
import { SANITIZER_TARGETS } from '../../model/modes/sanitizer-targets';

export function methodChecks(backend: MeasureBackend, host: SanitizerHost | null): Check[] {
  return [
    {
      id: 'fadd',
      title: `the difference method measures a dependent FADD at ${FADD_EXPECTED_CYCLES} ± ${FADD_TOLERANCE_CYCLES} cycles`,
      run: async (ctx) => {
        const r = await measure(backend, 'fadd_check');
        ctx.keep(r);
        const cycles = r.points[0]?.perSyncCycles?.median ?? null;
        return {
          ok: cycles !== null && Math.abs(cycles - FADD_EXPECTED_CYCLES) <= FADD_TOLERANCE_CYCLES,
          detail: `${cycles?.toFixed(3)} cycles per dependent FADD (clock ${r.points[0]?.clock.measuredMHz?.toFixed(0)} MHz)`,
          figures: {
            cycles,
            ciLow: r.points[0]?.perSyncCycles?.ciLow ?? null,
            ciHigh: r.points[0]?.perSyncCycles?.ciHigh ?? null,
          },
        };
      },
    },
    {
      id: 'sanitizer',
      title:
        'compute-sanitizer: racecheck/synccheck report the planted hazards and nothing on the correct kernel',
      run: async () => {
        const version = sanitizerVersion();
        if (!version || !host)
          return { ok: null, detail: 'compute-sanitizer is not on the PATH: skipped', figures: {} };
        const runs = [];
        for (const target of SANITIZER_TARGETS) runs.push(await runSanitizerTarget(host, target));
        const bad = runs.filter((r) => r.errors === null || (r.expectClean ? r.errors > 0 : r.errors === 0));
        return {
          ok: bad.length === 0,
          detail: `${version}; ${runs.map((r) => `${r.tool} ${r.workload}: ${r.summary}`).join('; ')}`,
          figures: Object.fromEntries(runs.map((r) => [`${r.tool}:${r.workload}`, r.errors])),
        };
      },
    },
  ];
}
