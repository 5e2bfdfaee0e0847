/**
 * What differs between the runs of a comparison besides the numbers: device, clocks, versions, app, plan, source and
 * completeness; and, first, a run that appears more than once (the same id). Each note tells the reader why a
 * comparison may not be apples to apples.
 */
import type { HostParam, HostText } from '../../contract';
import { medianOf } from '../measure/stats';
import { MODES } from '../modes';
import type { ResultFile } from '../results/schema';
import { HOST_TEXT_EN } from '../words/en/host';
import { hostText, word } from '../words/host-text';

export interface Difference {
  kind: 'same-run' | 'device' | 'clock' | 'versions' | 'app' | 'plan' | 'source' | 'status' | 'points';
  /** For a person, in English. */
  message: string;
  /** `message` as a code and its parameters (electron/model/words/en/host.ts: `compare.*`), for the UI's language. */
  text: HostText;
}

/** Measured SM clocks differing by more than this fraction of the first run's are noted. */
export const CLOCK_TOLERANCE = 0.03;

/** A run's value as shown: a plain value, or a word of its own ("unknown", "not recorded"). */
type Value = string | number | boolean | HostText | null | undefined;

/** A note of `kind`: its English and its code, from english.ts. */
export function difference(kind: Difference['kind'], code: string, params: HostText['params']): Difference {
  return { kind, ...hostText(code, params) };
}

/** "run 1 NVIDIA H200, run 2 unknown": each run's value, `unit` after plain values. */
function perRun(values: readonly Value[], unit = ''): HostParam[] {
  return values.map((v, i) =>
    word('compare.runValue', {
      run: i + 1,
      value:
        v === null || v === undefined ? word('compare.unknown') : typeof v === 'object' ? v : `${v}${unit}`,
    }),
  );
}

/** Notes a `kind` difference when the runs' `value`s are not all equal (`unit` after plain values). */
type Differ = (
  kind: Difference['kind'],
  what: HostText,
  value: (r: ResultFile) => Value,
  unit?: string,
) => void;

/** The notes for `results` (run 1 is the first), in the order of Difference.kind above; empty when nothing differs. */
export function runDifferences(results: readonly ResultFile[]): Difference[] {
  const out: Difference[] = sameRunNotes(results);
  const differ: Differ = (kind, what, value, unit = '') => {
    const values = results.map(value);
    const keys = values.map((v) => (v === undefined ? 'undefined' : JSON.stringify(v)));
    if (keys.every((k) => k === keys[0])) return;
    // A published dataset's placeholder ("not published") is the word, so it is worded like the others.
    const shown = values.map((v) => (v === NOT_PUBLISHED_TEXT ? NOT_PUBLISHED : v));
    out.push(difference(kind, 'compare.differ', { what, values: perRun(shown, unit) }));
  };
  differ('device', word('compare.devices'), (r) => r.provenance.device?.name);
  differ('device', word('compare.computeCapabilities'), (r) => r.provenance.device?.computeCapability);
  differ('device', word('compare.smCounts'), (r) => r.provenance.device?.smCount);
  differ('clock', word('compare.peakClocks'), (r) => r.provenance.device?.smClockMaxMHz, ' MHz');
  out.push(...clockNotes(results));
  differVersions(differ);
  differPlans(results, differ);
  out.push(...sourceNotes(results));
  return out;
}

/** A note for each id that appears more than once ("run 1 and 3 are the same run, twice"). */
function sameRunNotes(results: readonly ResultFile[]): Difference[] {
  const out: Difference[] = [];
  const runsById = new Map<string, number[]>();
  results.forEach((r, i) => runsById.set(r.id, [...(runsById.get(r.id) ?? []), i + 1]));
  for (const [id, runs] of runsById) {
    if (runs.length < 2) continue;
    const first = results[runs[0]! - 1]!;
    out.push(
      difference('same-run', 'compare.sameRun', {
        times: runs.length === 2 ? word('compare.twice') : word('compare.times', { count: runs.length }),
        runs: runs.slice(0, -1),
        last: runs.at(-1)!,
        name: first.name,
        id,
      }),
    );
  }
  return out;
}

/** Measured clocks more than CLOCK_TOLERANCE from the first run's, then each run with throttled points. */
function clockNotes(results: readonly ResultFile[]): Difference[] {
  const out: Difference[] = [];
  const clocks = results.map(measuredClock);
  const first = clocks[0] ?? null;
  if (clocks.some((c) => c !== null && first !== null && Math.abs(c - first) > CLOCK_TOLERANCE * first)) {
    out.push(
      difference('clock', 'compare.clocks', {
        percent: CLOCK_TOLERANCE * 100,
        values: perRun(
          clocks.map((c) => (c === null ? null : word('compare.mhz', { value: Math.round(c) }))),
        ),
      }),
    );
  }
  const throttled = results.map((r, i) => [i + 1, r.points.filter((p) => p.clock.throttled).length] as const);
  for (const [run, count] of throttled) {
    if (count > 0) {
      out.push(
        difference('clock', count === 1 ? 'compare.throttledOne' : 'compare.throttledMany', { run, count }),
      );
    }
  }
  return out;
}

/** Drivers, runtimes, builds, schedule flags and app versions that differ. */
function differVersions(differ: Differ): void {
  differ('versions', word('compare.drivers'), (r) => driverValue(r.provenance.driverVersion));
  differ('versions', word('compare.runtimes'), (r) => r.provenance.runtimeVersion);
  differ('versions', word('compare.builds'), (r) =>
    r.provenance.build
      ? word('compare.build', {
          cuda: r.provenance.build.cudaRuntime,
          architectures: r.provenance.build.architectures,
        })
      : null,
  );
  differ('versions', word('compare.schedules'), (r) => r.provenance.scheduleFlag);
  differ('app', word('compare.apps'), (r) => {
    const { version, commit } = r.provenance.app;
    // A published dataset has neither: one "version not published", not "version not published (not published)".
    if (version === HOST_TEXT_EN.compare.versionNotPublished && commit === NOT_PUBLISHED_TEXT) {
      return word('compare.versionNotPublished');
    }
    return word('compare.appVersion', { version: placeholderWord(version), commit: placeholderWord(commit) });
  });
}

/** Modes, parameters (every key any run has), stopping rules and throttle thresholds that differ. */
function differPlans(results: readonly ResultFile[], differ: Differ): void {
  differ('plan', word('compare.modes'), (r) => r.plan.mode);
  const paramKeys = [...new Set(results.flatMap((r) => Object.keys(r.plan.params)))].sort();
  for (const key of paramKeys) {
    differ('plan', word('compare.param', { key }), (r) => {
      if (!(key in r.plan.params)) return absentParam(r.plan.mode, key);
      const v = r.plan.params[key];
      return Array.isArray(v) ? v.join(',') : v;
    });
  }
  for (const key of Object.keys(
    results[0]?.plan.stopping ?? {},
  ) as (keyof ResultFile['plan']['stopping'])[]) {
    differ('plan', word('compare.stoppingRule', { key }), (r) =>
      isPublished(r) ? NOT_PUBLISHED : r.plan.stopping[key],
    );
  }
  differ('plan', word('compare.throttleThresholds'), (r) =>
    isPublished(r) ? NOT_PUBLISHED : r.plan.throttleThreshold,
  );
}

/** Per run: taken from a publication (with its citation), and not complete (its status). */
function sourceNotes(results: readonly ResultFile[]): Difference[] {
  const out: Difference[] = [];
  results.forEach((r, i) => {
    if (r.source.kind === 'published') {
      out.push(
        difference('source', 'compare.published', {
          run: i + 1,
          citation: r.source.citation ? { en: r.source.citation } : word('compare.noCitation'), // the file's English
        }),
      );
    }
    if (r.status !== 'complete') {
      out.push(difference('status', 'compare.status', { run: i + 1, status: word(`compare.${r.status}`) }));
    }
  });
  return out;
}

/**
 * The driver as the core records it (core/measure/device.ts: "580.159.04 (supports CUDA 13.0)", or "supports CUDA
 * 13.0" without NVML) as words of the UI's language; any other value as recorded.
 */
function driverValue(driver: string): Value {
  const both = /^(.*) \(supports CUDA ([\d.]+)\)$/.exec(driver);
  if (both) return word('compare.driver', { driver: both[1]!, cuda: both[2]! });
  const only = /^supports CUDA ([\d.]+)$/.exec(driver);
  return only ? word('compare.driverCuda', { cuda: only[1]! }) : driver;
}

/** Shown for a published dataset's stopping rule and throttle threshold: it was not measured here, so has none. */
const NOT_PUBLISHED = word('compare.notPublished');
const NOT_PUBLISHED_TEXT = HOST_TEXT_EN.compare.notPublished;

/** A published dataset's placeholder for its app version or commit as a word; any other value as it is. */
function placeholderWord(value: string): HostParam {
  if (value === NOT_PUBLISHED_TEXT) return NOT_PUBLISHED;
  return value === HOST_TEXT_EN.compare.versionNotPublished ? word('compare.versionNotPublished') : value;
}

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
function absentParam(mode: string, key: string): HostText {
  const known = MODES.find((m) => m.info.id === mode);
  const lacks = known !== undefined && !known.info.params.some((p) => p.name === key);
  return lacks ? word('compare.notAParameter', { mode }) : word('compare.notRecorded');
}

/** Median of the points' measured SM clocks (null when none was measured). */
function measuredClock(result: ResultFile): number | null {
  return medianOf(result.points.flatMap((p) => (p.clock.measuredMHz === null ? [] : [p.clock.measuredMHz])));
}
