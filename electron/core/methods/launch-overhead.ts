/**
 * How the whole-kernel figure (the chapter's) relates to the per-sync figure: the share of one short launch that its
 * units account for, for any point, and the H200 example quoted from the reference results (figures copied from
 * resources/reference/h200-modes*.json; test/unit/methods checks them against the files).
 */
import type { Point } from '../results/schema';

/** One point's two figures of the same launch: the whole short launch and the units inside it. */
export interface LaunchShare {
  /** CUDA-event median of one launch with lo iterations (host time for host-timed points), in µs. */
  wholeKernelUs: number;
  /** lo × unitsPerIter × the per-unit median, in µs: what the units themselves account for. */
  unitsUs: number;
  /** The rest: launch overhead, the loop and (with a baseline) the baseline's work, in µs. */
  restUs: number;
  /** unitsUs / wholeKernelUs. */
  share: number;
}

/** The two figures of a point side by side, or null when it lacks either. */
export function launchShare(point: Pick<Point, 'perSyncNs' | 'wholeKernelMs' | 'iters'>): LaunchShare | null {
  if (!point.perSyncNs || !point.wholeKernelMs || !(point.wholeKernelMs.median > 0)) return null;
  const wholeKernelUs = point.wholeKernelMs.median * 1000;
  const unitsUs = (point.iters.lo * point.iters.unitsPerIter * point.perSyncNs.median) / 1000;
  return { wholeKernelUs, unitsUs, restUs: wholeKernelUs - unitsUs, share: unitsUs / wholeKernelUs };
}

/** The two figures of one chapter layer in one run (medians as the result files hold them). */
export interface LayerFigures {
  wholeKernelUs: number;
  perSyncNs: number;
}

/** Three runs of `modes` on the H200, the warp, block and grid rows (4 significant digits). */
export const H200_MODES_EXAMPLE = {
  files: [
    'resources/reference/h200-modes.json',
    'resources/reference/h200-modes_a.json',
    'resources/reference/h200-modes_b.json',
  ],
  device: 'NVIDIA H200',
  measured: '2026-11-29',
  iters: 256,
  shape: '8 warps × 132 blocks',
  runs: [
    {
      warp: { wholeKernelUs: 8.992, perSyncNs: 0.1455 },
      block: { wholeKernelUs: 11.2, perSyncNs: 9.165 },
      grid: { wholeKernelUs: 261.6, perSyncNs: 997.2 },
    },
    {
      warp: { wholeKernelUs: 6.688, perSyncNs: 0.1282 },
      block: { wholeKernelUs: 10.34, perSyncNs: 9.196 },
      grid: { wholeKernelUs: 260.8, perSyncNs: 994.6 },
    },
    {
      warp: { wholeKernelUs: 9.312, perSyncNs: 0.1307 },
      block: { wholeKernelUs: 11.94, perSyncNs: 9.117 },
      grid: { wholeKernelUs: 262.2, perSyncNs: 991.1 },
    },
  ] satisfies Array<Record<'warp' | 'block' | 'grid', LayerFigures>>,
};

/** Three significant digits, thousands separated ("2.33", "258", "0.0305"). */
function sig(x: number): string {
  return Number(x.toPrecision(3)).toLocaleString('en-US', { maximumSignificantDigits: 3 });
}

/** "a–b" over the runs (or one value when they agree to three digits), with a unit. */
function range(values: number[], unit = ''): string {
  const lo = sig(Math.min(...values));
  const hi = sig(Math.max(...values));
  return `${lo === hi ? lo : `${lo}–${hi}`}${unit}`;
}

/** The H200 example as sentences, every figure computed from H200_MODES_EXAMPLE. */
export function h200ExampleText(): string[] {
  const { runs, iters } = H200_MODES_EXAMPLE;
  const of = (layer: 'warp' | 'block' | 'grid', f: (l: LayerFigures) => number) =>
    runs.map((r) => f(r[layer]));
  const whole = (layer: 'warp' | 'block' | 'grid') =>
    range(
      of(layer, (l) => l.wholeKernelUs),
      ' µs',
    );
  const per = (layer: 'warp' | 'block' | 'grid') =>
    range(
      of(layer, (l) => l.perSyncNs),
      ' ns',
    );
  const syncs = (layer: 'warp' | 'block' | 'grid') =>
    range(
      of(layer, (l) => (iters * l.perSyncNs) / 1000),
      ' µs',
    );
  const ratio = (
    a: 'warp' | 'block' | 'grid',
    b: 'warp' | 'block' | 'grid',
    f: (l: LayerFigures) => number,
  ) =>
    range(
      runs.map((r) => f(r[a]) / f(r[b])),
      '×',
    );
  const files = H200_MODES_EXAMPLE.files.map((f) => `\`${f}\``).join(', ');
  return [
    `On the ${H200_MODES_EXAMPLE.device} (three runs of \`modes\`, ${H200_MODES_EXAMPLE.shape}, iters = ${iters}, ` +
      `measured ${H200_MODES_EXAMPLE.measured}; ${files}), one launch of the ${iters}-iteration \`__syncthreads()\` ` +
      `loop took ${whole('block')}, of which the ${iters} syncs are ${iters} × ${per('block')} = ${syncs('block')}; ` +
      `the rest is launch overhead and the loop. The \`__syncwarp()\` loop took ${whole('warp')} for ${iters} × ` +
      `${per('warp')} = ${syncs('warp')} of syncs, and the \`grid.sync()\` loop ${whole('grid')}, of which ` +
      `${syncs('grid')} are syncs.`,
    `So, run by run, grid/block is ${ratio('grid', 'block', (l) => l.wholeKernelUs)} on the whole-kernel ` +
      `figure but ${ratio('grid', 'block', (l) => l.perSyncNs)} per sync. Block/warp is ` +
      `${ratio('block', 'warp', (l) => l.wholeKernelUs)} on the whole-kernel figure, while per sync the warp loop ` +
      `costs almost nothing (${per('warp')}: ptxas emits no instruction for a converged \`__syncwarp()\` on ` +
      'sm_90), so that ratio compares two launch overheads. This is why the chapter’s whole-kernel block/warp ratio ' +
      'of about 1.1–1.23× on its RTX 5090 (seed 002; docs/methods.md, “Whole-kernel figure”) says more about launch overhead than about the ' +
      'barriers.',
  ];
}
