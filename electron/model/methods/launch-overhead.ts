/**
 * How the whole-kernel figure (the chapter's) relates to the per-sync figure: the share of one short launch that its
 * units account for, for any point, and the H200 example quoted from the reference results (figures copied from
 * resources/reference/h200-modes*.json; test/unit/methods checks them against the files).
 */
import type { Point } from '../results/schema';
import { METHODS_EN } from '../words/en/methods';
import type { MethodWords } from '../words/methods';

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
  measured: '2026-12-01',
  iters: 256,
  /** The launch of the three layers' points: warps per block and blocks. */
  warpsPerBlock: 8,
  blocks: 132,
  runs: [
    {
      warp: { wholeKernelUs: 9.424, perSyncNs: 1.029 },
      block: { wholeKernelUs: 13.14, perSyncNs: 14.13 },
      grid: { wholeKernelUs: 255, perSyncNs: 946.8 },
    },
    {
      warp: { wholeKernelUs: 8.96, perSyncNs: 1.027 },
      block: { wholeKernelUs: 12.93, perSyncNs: 14.08 },
      grid: { wholeKernelUs: 257.4, perSyncNs: 953.1 },
    },
    {
      warp: { wholeKernelUs: 6.112, perSyncNs: 1.041 },
      block: { wholeKernelUs: 10.9, perSyncNs: 14.14 },
      grid: { wholeKernelUs: 254, perSyncNs: 957 },
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

/** The H200 example as sentences in `words`, every figure computed from H200_MODES_EXAMPLE. */
export function h200ExampleText(words: MethodWords = METHODS_EN): string[] {
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
  return words.h200Example({
    device: H200_MODES_EXAMPLE.device,
    files,
    warpsPerBlock: H200_MODES_EXAMPLE.warpsPerBlock,
    blocks: H200_MODES_EXAMPLE.blocks,
    measured: H200_MODES_EXAMPLE.measured,
    iters,
    wholeBlock: whole('block'),
    perBlock: per('block'),
    syncsBlock: syncs('block'),
    wholeWarp: whole('warp'),
    perWarp: per('warp'),
    syncsWarp: syncs('warp'),
    wholeGrid: whole('grid'),
    syncsGrid: syncs('grid'),
    gridBlockWhole: ratio('grid', 'block', (l) => l.wholeKernelUs),
    gridBlockPerSync: ratio('grid', 'block', (l) => l.perSyncNs),
    blockWarpWhole: ratio('block', 'warp', (l) => l.wholeKernelUs),
  });
}
