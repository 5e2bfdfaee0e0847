/**
 * Sentences about a result shared by the Markdown and terminal formats: device, versions, parameters, the headline
 * ratios that may be shown, and the flagged points.
 */
import type { Point, Ratio, ResultFile } from '../results/schema';
import { displayNumber, INCORRECT_LABEL } from './columns';

/** "NVIDIA H200, compute capability 9.0, 132 SMs, SM clock up to 1980 MHz, memory clock up to 3201 MHz". */
export function deviceText(result: ResultFile): string {
  const d = result.provenance.device;
  if (!d) return 'unknown device';
  const clocks = [
    d.smClockMaxMHz !== null ? `SM clock up to ${displayNumber(d.smClockMaxMHz)} MHz` : null,
    d.memoryClockMaxMHz !== null ? `memory clock up to ${displayNumber(d.memoryClockMaxMHz)} MHz` : null,
  ].filter((s): s is string => s !== null);
  return [d.name, `compute capability ${d.computeCapability}`, `${d.smCount} SMs`, ...clocks].join(', ');
}

/** "driver 580.65, runtime 13.0; addon built with CUDA 13.0 for sm_90". */
export function versionsText(result: ResultFile): string {
  const p = result.provenance;
  const build = p.build ? `; addon built with CUDA ${p.build.cudaRuntime} for ${p.build.architectures}` : '';
  return `driver ${p.driverVersion}, runtime ${p.runtimeVersion}${build}`;
}

/** "Sync Workbench 0.1.0 (commit abc1234)". */
export function appText(result: ResultFile): string {
  const a = result.provenance.app;
  return `${a.name} ${a.version} (commit ${a.commit})`;
}

/** "gpu-host-1 (linux 6.8.0, x64, AMD EPYC 9654, Node v20.19.0)". */
export function hostText(result: ResultFile): string {
  const h = result.provenance.host;
  return `${h.hostname} (${h.platform} ${h.osRelease}, ${h.arch}, ${h.cpuModel}, Node ${h.node})`;
}

/** "iters=256, nwarps=8; stopping: warm-up 3, 10–200 repetitions, 20–500 ms, target relative CI 1%; ...". */
export function parametersText(result: ResultFile): string {
  const { params, stopping, throttleThreshold } = result.plan;
  const list = Object.entries(params)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
    .join(', ');
  return (
    `${list || 'none'}; stopping: warm-up ${stopping.warmup}, ${stopping.minReps}–${stopping.maxReps} repetitions, ` +
    `${displayNumber(stopping.minTimeMs)}–${displayNumber(stopping.maxTimeMs)} ms, target relative CI ` +
    `${displayNumber(stopping.targetRelCi * 100)}%; throttled below ${displayNumber(throttleThreshold * 100)}% ` +
    `of the peak SM clock; schedule flag ${result.provenance.scheduleFlag}`
  );
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
export function ratioText(ratio: Ratio): string {
  return `${displayNumber(ratio.value)}× (${ratio.basis === 'perSyncNs' ? 'per-sync ns' : 'whole-kernel ms'})`;
}

export interface FlagGroup {
  title: string;
  points: Point[];
}

/** The points a reader must know about, by reason (a group may be empty). */
export function flagGroups(result: ResultFile): FlagGroup[] {
  const pct = displayNumber(result.plan.throttleThreshold * 100);
  return [
    {
      title: 'Noisy (stopped before reaching the noise target)',
      points: result.points.filter((p) => p.noisy),
    },
    {
      title: `Throttled (SM clock below ${pct}% of peak)`,
      points: result.points.filter((p) => p.clock.throttled),
    },
    { title: `${INCORRECT_LABEL}, never in ratios`, points: result.points.filter((p) => p.incorrect) },
    { title: 'Verification failed', points: result.points.filter((p) => p.verification?.ok === false) },
  ];
}

/** "#2 grid, 132 blocks, #4 volatile flag" or "none". */
export function pointList(points: Point[]): string {
  return points.length === 0 ? 'none' : points.map((p) => `#${p.index} ${p.label}`).join(', ');
}

/** "complete", or "cancelled: <message>". */
export function statusText(result: ResultFile): string {
  return result.error ? `${result.status}: ${result.error.message}` : result.status;
}

/** Where the numbers come from, in one sentence. */
export function sourceText(result: ResultFile): string {
  const s = result.source;
  const note = s.note ? ` ${s.note}` : '';
  if (s.kind === 'published') {
    return `Published reference, not measured by this product: ${s.citation ?? 'no citation given'}.${note}`;
  }
  const citation = s.citation ? ` Compare with: ${s.citation}.` : '';
  return (
    `Measured by ${appText(result)} on ${result.provenance.host.hostname}, ${result.provenance.device?.name ?? 'unknown device'}` +
    `; result id ${result.id}.${citation}${note}`
  );
}
