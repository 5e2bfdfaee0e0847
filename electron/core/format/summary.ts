/**
 * Sentences about a result shared by the Markdown and terminal formats: device, versions, parameters, the headline
 * ratios that may be shown, and the flagged points. Each takes the words of a report's language (report-words.ts;
 * English by default, which the terminal formats always use).
 */
import type { Point, Ratio, ResultFile } from '../../model/results/schema';
import type { SummaryWords } from '../../model/words/report';
import { REPORT_WORDS_EN } from './report-locale';

const EN = REPORT_WORDS_EN.summary;
const EN_NUMBER = REPORT_WORDS_EN.cells.number;

/** "NVIDIA H200, compute capability 9.0, 132 SMs, SM clock up to 1980 MHz, memory clock up to 3201 MHz". */
export function deviceText(result: ResultFile, words: SummaryWords = EN, num = EN_NUMBER): string {
  const d = result.provenance.device;
  if (!d) return words.unknownDevice;
  return words.device({
    name: d.name,
    cc: d.computeCapability,
    sms: d.smCount,
    smClock: d.smClockMaxMHz !== null ? num(d.smClockMaxMHz) : null,
    memoryClock: d.memoryClockMaxMHz !== null ? num(d.memoryClockMaxMHz) : null,
  });
}

/** "driver 580.65, runtime 13.0; addon built with CUDA 13.0 for sm_90". */
export function versionsText(result: ResultFile, words: SummaryWords = EN): string {
  const p = result.provenance;
  const build = p.build ? { cuda: p.build.cudaRuntime, architectures: p.build.architectures } : null;
  return words.versions(p.driverVersion, p.runtimeVersion, build);
}

/** "Sync Workbench 0.1.0 (commit abc1234)". */
export function appText(result: ResultFile, words: SummaryWords = EN): string {
  const a = result.provenance.app;
  return words.app(a.name, a.version, a.commit);
}

/** "gpu-host-1 (linux 6.8.0, x64, AMD EPYC 9654, Node v20.19.0)". */
export function hostText(result: ResultFile, words: SummaryWords = EN): string {
  return words.host(result.provenance.host);
}

/** "iters=256, nwarps=8; stopping: warm-up 3, 10–200 repetitions, 20–500 ms, target relative CI 1%; ...". */
export function parametersText(result: ResultFile, words: SummaryWords = EN, num = EN_NUMBER): string {
  const { params, stopping, throttleThreshold } = result.plan;
  const list = Object.entries(params)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join(', ');
  return words.parameters({
    list,
    warmup: stopping.warmup,
    minReps: stopping.minReps,
    maxReps: stopping.maxReps,
    minTimeMs: num(stopping.minTimeMs),
    maxTimeMs: num(stopping.maxTimeMs),
    targetPct: num(stopping.targetRelCi * 100),
    throttlePct: num(throttleThreshold * 100),
    scheduleFlag: result.provenance.scheduleFlag,
  });
}

/**
 * The headline ratios that may be shown: none whose numerator or denominator is a point marked incorrect (those
 * are not synchronization and are never ranked).
 */
export function shownRatios(result: ResultFile): Ratio[] {
  const incorrect = new Set(result.points.filter((p) => p.incorrect).flatMap((p) => [p.label, p.series]));
  return result.ratios.filter((r) => !incorrect.has(r.numerator) && !incorrect.has(r.denominator));
}

/** "77.53× (per-sync ns)". */
export function ratioText(ratio: Ratio, words: SummaryWords = EN, num = EN_NUMBER): string {
  return words.ratio(num(ratio.value), ratio.basis);
}

export interface FlagGroup {
  title: string;
  points: Point[];
}

/** The points a reader must know about, by reason (a group may be empty). */
export function flagGroups(result: ResultFile, words: SummaryWords = EN, num = EN_NUMBER): FlagGroup[] {
  const pct = num(result.plan.throttleThreshold * 100);
  return [
    { title: words.flagNoisy, points: result.points.filter((p) => p.noisy) },
    { title: words.flagThrottled(pct), points: result.points.filter((p) => p.clock.throttled) },
    { title: words.flagIncorrect, points: result.points.filter((p) => p.incorrect) },
    { title: words.flagVerification, points: result.points.filter((p) => p.verification?.ok === false) },
  ];
}

/** "#2 grid, 132 blocks, #4 volatile flag" or "none". */
export function pointList(points: Point[], words: SummaryWords = EN): string {
  return points.length === 0 ? words.noPoints : words.pointList(points.map((p) => `#${p.index} ${p.label}`));
}

/** "complete", or "cancelled: <message>" (the run's own message, as it was recorded). */
export function statusText(result: ResultFile, words: SummaryWords = EN): string {
  return words.status(result.status, result.error ? result.error.message : null);
}

/** Where the numbers come from, in one sentence. */
export function sourceText(result: ResultFile, words: SummaryWords = EN): string {
  const s = result.source;
  const note = s.note ? ` ${s.note}` : '';
  if (s.kind === 'published') return words.publishedSource(s.citation, note);
  return words.measuredSource({
    app: appText(result, words),
    host: result.provenance.host.hostname,
    device: result.provenance.device?.name ?? null,
    id: result.id,
    citation: s.citation,
    note,
  });
}
