/**
 * What differs between the runs of a comparison besides the numbers: device, clocks, versions, app, plan, source and
 * completeness; and, first, a run that appears more than once (the same id). Each note tells the reader why a
 * comparison may not be apples to apples.
 */
import { medianOf } from '../measure/stats';
import { MODES } from '../modes';
import type { ResultFile } from '../results/schema';

export interface Difference {
  kind: 'same-run' | 'device' | 'clock' | 'versions' | 'app' | 'plan' | 'source' | 'status' | 'points';
  message: string;
}

/** Measured SM clocks differing by more than this fraction of the first run's are noted. */
export const CLOCK_TOLERANCE = 0.03;

type Value = string | number | boolean | null | undefined;

/** The notes for `results` (run 1 is the first), in the order of Difference.kind above; empty when nothing differs. */
export function runDifferences(results: readonly ResultFile[]): Difference[] {
  const out: Difference[] = [];
  const differ = (kind: Difference['kind'], what: string, value: (r: ResultFile) => Value, unit = '') => {
    const values = results.map(value);
    if (values.every((v) => v === values[0])) return;
    const shown = values.map(
      (v, i) => `run ${i + 1} ${v === null || v === undefined ? 'unknown' : `${v}${unit}`}`,
    );
    out.push({ kind, message: `${what} differ: ${shown.join(', ')}.` });
  };

  const runsById = new Map<string, number[]>();
  results.forEach((r, i) => runsById.set(r.id, [...(runsById.get(r.id) ?? []), i + 1]));
  for (const [id, runs] of runsById) {
    if (runs.length < 2) continue;
    const named = `${runs.slice(0, -1).join(', ')} and ${runs.at(-1)}`;
    const first = results[runs[0]! - 1]!;
    out.push({
      kind: 'same-run',
      message:
        `The same run appears ${runs.length === 2 ? 'twice' : `${runs.length} times`}: runs ${named} are ` +
        `"${first.name}" (id ${id}), so they agree by construction and say nothing about run-to-run noise.`,
    });
  }
  differ('device', 'Devices', (r) => r.provenance.device?.name);
  differ('device', 'Compute capabilities', (r) => r.provenance.device?.computeCapability);
  differ('device', 'SM counts', (r) => r.provenance.device?.smCount);
  differ('clock', 'Peak SM clocks', (r) => r.provenance.device?.smClockMaxMHz, ' MHz');
  const clocks = results.map(measuredClock);
  const first = clocks[0] ?? null;
  if (clocks.some((c) => c !== null && first !== null && Math.abs(c - first) > CLOCK_TOLERANCE * first)) {
    const shown = clocks.map((c, i) => `run ${i + 1} ${c === null ? 'unknown' : `${Math.round(c)} MHz`}`);
    out.push({
      kind: 'clock',
      message:
        `Measured SM clocks (median over points) differ by more than ${CLOCK_TOLERANCE * 100}%: ${shown.join(', ')}. ` +
        'Per-sync ns scale with the clock; compare per-sync cycles too.',
    });
  }
  const throttled = results.map((r, i) => [i + 1, r.points.filter((p) => p.clock.throttled).length] as const);
  for (const [run, count] of throttled) {
    if (count > 0)
      out.push({
        kind: 'clock',
        message: `Run ${run} has ${count} throttled point${count === 1 ? '' : 's'}.`,
      });
  }
  differ('versions', 'Driver versions', (r) => r.provenance.driverVersion);
  differ('versions', 'CUDA runtime versions', (r) => r.provenance.runtimeVersion);
  differ('versions', 'Addon builds', (r) =>
    r.provenance.build
      ? `CUDA ${r.provenance.build.cudaRuntime} for ${r.provenance.build.architectures}`
      : null,
  );
  differ('versions', 'Schedule flags', (r) => r.provenance.scheduleFlag);
  differ('app', 'App versions', (r) => `${r.provenance.app.version} (${r.provenance.app.commit})`);
  differ('plan', 'Modes', (r) => r.plan.mode);
  const paramKeys = [...new Set(results.flatMap((r) => Object.keys(r.plan.params)))].sort();
  for (const key of paramKeys) {
    differ('plan', `Parameters "${key}"`, (r) => {
      if (!(key in r.plan.params)) return absentParam(r.plan.mode, key);
      const v = r.plan.params[key];
      return Array.isArray(v) ? v.join(',') : v;
    });
  }
  for (const key of Object.keys(
    results[0]?.plan.stopping ?? {},
  ) as (keyof ResultFile['plan']['stopping'])[]) {
    differ('plan', `Stopping rules "${key}"`, (r) => (isPublished(r) ? NOT_PUBLISHED : r.plan.stopping[key]));
  }
  differ('plan', 'Throttle thresholds', (r) => (isPublished(r) ? NOT_PUBLISHED : r.plan.throttleThreshold));
  results.forEach((r, i) => {
    if (r.source.kind === 'published') {
      out.push({
        kind: 'source',
        message:
          `Run ${i + 1} is published data, not measured by this product (${r.source.citation ?? 'no citation'}): ` +
          'only medians, no noise information.',
      });
    }
    if (r.status !== 'complete') {
      out.push({
        kind: 'status',
        message: `Run ${i + 1} is ${r.status}: some of its points may be missing.`,
      });
    }
  });
  return out;
}

/** Shown for a published dataset's stopping rule and throttle threshold: it was not measured here, so has none. */
const NOT_PUBLISHED = 'not published';

/**
 * A dataset taken from a publication (source kind 'published', its points' timing body 'published'): its stopping
 * rule and throttle threshold are placeholders of the format, not settings anyone measured with.
 */
function isPublished(result: ResultFile): boolean {
  return (
    result.source.kind === 'published' ||
    (result.points.length > 0 && result.points.every((p) => p.timing.body === 'published'))
  );
}

/**
 * What a run shows for a parameter its plan lacks: a mode without that parameter says so ("— (not a parameter of
 * fences)"); a mode that has it (a file that did not record it), or one this version does not know, says "not
 * recorded".
 */
function absentParam(mode: string, key: string): string {
  const known = MODES.find((m) => m.info.id === mode);
  const lacks = known !== undefined && !known.info.params.some((p) => p.name === key);
  return lacks ? `— (not a parameter of ${mode})` : 'not recorded';
}

/** Median of the points' measured SM clocks (null when none was measured). */
function measuredClock(result: ResultFile): number | null {
  return medianOf(result.points.flatMap((p) => (p.clock.measuredMHz === null ? [] : [p.clock.measuredMHz])));
}
