/**
 * Per-kernel profiles from ncu's launch records: launches grouped by kernel, their shape, median duration, the
 * sync-related stall shares, sync instruction counts by kind, the priced lower bound, the source lines with the
 * most barrier and fence stalls, and the wizard's answers. docs/profile.md.
 */
import { median } from 'simple-statistics';

import { dim3Volume, type Dim3 } from './ncu-values';
import { priceCounts, type PriceRow } from './pricing';
import type { LaunchRecord } from './raw-page';
import type { KernelProfile } from './schema';
import { callsGridSync, topStallLines, type SourcePage } from './source-page';
import { SYNC_STALL_REASONS } from './stall-reasons';
import { countSyncInstructions } from './sync-kinds';
import { wizardAnswersOf } from './wizard-answers';

const WARP_SIZE = 32;
/** Source lines shown per kernel. */
export const TOP_LINES = 5;

const shapeKey = (grid: Dim3, block: Dim3) =>
  `${grid.x},${grid.y},${grid.z}/${block.x},${block.y},${block.z}`;

/** The launches of each kernel, in the order ncu first profiled them. */
export function groupByKernel(records: readonly LaunchRecord[]): Map<string, LaunchRecord[]> {
  const out = new Map<string, LaunchRecord[]>();
  for (const r of records) {
    const list = out.get(r.kernel) ?? [];
    list.push(r);
    out.set(r.kernel, list);
  }
  return out;
}

/** Shares of active warp cycles per sync-related reason: the `.pct` metric weighted by active cycles, else samples. */
function stallShares(launches: readonly LaunchRecord[]): KernelProfile['stalls'] {
  const weight = (r: LaunchRecord) => r.activeCycles ?? 1;
  const samples: Record<string, number> = {};
  for (const r of launches) {
    for (const [k, v] of Object.entries(r.stallSamples ?? {})) samples[k] = (samples[k] ?? 0) + v;
  }
  const totalSamples = Object.values(samples).reduce((s, v) => s + v, 0);
  return SYNC_STALL_REASONS.map(({ reason, primitive }) => {
    const withPct = launches.filter((r) => r.stallPct[reason] !== null);
    if (withPct.length === launches.length) {
      const w = withPct.reduce((s, r) => s + weight(r), 0);
      const pct = withPct.reduce((s, r) => s + weight(r) * (r.stallPct[reason] ?? 0), 0) / w;
      return { reason, primitive, pct, source: 'pct-metric' as const };
    }
    if (totalSamples > 0 && reason in samples) {
      return {
        reason,
        primitive,
        pct: (100 * (samples[reason] ?? 0)) / totalSamples,
        source: 'pc-samples' as const,
      };
    }
    return { reason, primitive, pct: null, source: 'none' as const };
  });
}

/** The most frequent shape first, then the others with their launch counts. */
function shapes(launches: readonly LaunchRecord[]) {
  const byShape = new Map<string, { grid: Dim3; block: Dim3; launches: number }>();
  for (const r of launches) {
    const key = shapeKey(r.grid, r.block);
    const s = byShape.get(key) ?? { grid: r.grid, block: r.block, launches: 0 };
    s.launches += 1;
    byShape.set(key, s);
  }
  return [...byShape.values()].sort((a, b) => b.launches - a.launches);
}

/** The sum of the launches' instruction mixes; null when one launch has none. */
function summedMix(launches: readonly LaunchRecord[]): Map<string, number> | null {
  if (launches.some((r) => r.opcodeMix === null)) return null;
  const mix = new Map<string, number>();
  for (const r of launches) for (const [k, v] of r.opcodeMix ?? []) mix.set(k, (mix.get(k) ?? 0) + v);
  return mix;
}

/** One kernel's profile from its launches (all of the same `kernel` name), the source page and the price rows. */
export function kernelProfile(
  launches: readonly LaunchRecord[],
  source: SourcePage | null,
  priceRows: readonly PriceRow[],
): KernelProfile {
  const first = launches[0];
  const [main, ...others] = shapes(launches);
  if (!first || !main) throw new RangeError('kernelProfile: no launch');
  const durations = launches.flatMap((r) => (r.durationNs === null ? [] : [r.durationNs]));
  const medianDurationNs = durations.length ? median(durations) : null;
  const mix = summedMix(launches);
  const syncCounts = mix ? countSyncInstructions(mix) : null;
  const warps = launches.reduce(
    (s, r) => s + dim3Volume(r.grid) * Math.ceil(dim3Volume(r.block) / WARP_SIZE),
    0,
  );
  const gridSync = source ? callsGridSync(source, first.kernel) : null;
  const pricing = syncCounts
    ? priceCounts(syncCounts, warps, priceRows, medianDurationNs, {
        threadsPerBlock: dim3Volume(main.block),
        gridBlocks: dim3Volume(main.grid),
      })
    : { prices: [], lowerBoundNs: null, lowerBoundPctOfDuration: null };
  return {
    name: (first.kernel.split('(')[0] ?? '').trim() || first.kernel,
    signature: first.kernel,
    launches: launches.length,
    grid: main.grid,
    block: main.block,
    cluster: first.cluster,
    otherShapes: others,
    cooperative: gridSync
      ? {
          value: true,
          basis:
            "inferred: its code includes cooperative_groups' grid sync, which needs a cooperative launch",
        }
      : {
          value: null,
          basis:
            gridSync === false
              ? 'ncu does not report the launch kind; the kernel calls no grid.sync()'
              : 'ncu does not report the launch kind (build with -lineinfo to see whether it calls grid.sync())',
        },
    medianDurationNs,
    stalls: stallShares(launches),
    syncCounts,
    pricing,
    topLines: source
      ? topStallLines(source, first.kernel, TOP_LINES).map(({ kernel: _k, ...line }) => line)
      : [],
    wizardAnswers: wizardAnswersOf(syncCounts, gridSync, dim3Volume(first.cluster)),
  };
}
