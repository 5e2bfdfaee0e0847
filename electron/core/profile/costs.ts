/**
 * The per-sync costs a profile is priced with: for each workload of model/profile/pricing.ts PRICED_BY, the points
 * of results measured on a GPU of the profile's model (device name), else of shipped reference datasets for that
 * model, labelled "reference dataset, not this GPU" (core/service/advice-costs.ts ranks them;
 * docs/profile.md#pricing). Every launch shape measured is offered, one row per shape from the newest result that
 * has it, so each kernel is priced at the shape nearest its own (pricing.ts nearestRow). A GPU model with neither
 * gets no rows: the profile then says what to run.
 */
import { sourceLabel } from '../../model/decide/costs';
import { PRICED_BY, type PriceRow } from '../../model/profile/pricing';
import type { ResultFile } from '../../model/results/schema';
import { matchingPoints, rankedCandidates, sourceOf } from '../service/advice-costs';
import type { ResultsStore } from '../service/ports';

/**
 * Price rows for a GPU named `deviceName` (as ncu names it, e.g. "NVIDIA H200"); [] when it is null. Per workload,
 * the rows come from the best kind of source that has any point (measured before reference), one per distinct
 * (threads per block, grid blocks) shape, the newest result's point first. A result that cannot be read is passed
 * over.
 */
export async function priceRowsFor(deviceName: string | null, library: ResultsStore): Promise<PriceRow[]> {
  if (deviceName === null) return [];
  const candidates = rankedCandidates(await library.list()).filter(
    (s) => s.deviceName === deviceName && s.sourceKind !== 'published',
  );
  const read = new Map<string, ResultFile | null>();
  const get = async (id: string) => {
    if (!read.has(id)) read.set(id, await Promise.resolve(library.get(id)).catch(() => null));
    return read.get(id) ?? null;
  };
  const rows: PriceRow[] = [];
  for (const by of PRICED_BY) {
    const shapes = new Set<string>();
    let kind: PriceRow['sourceKind'] | null = null;
    for (const summary of candidates) {
      const source = sourceOf(summary);
      if (kind !== null && source.kind !== kind) break;
      const result = await get(summary.id);
      if (!result) continue;
      const m = { mode: by.mode, workload: by.workload, param: by.param, unit: '' };
      for (const point of matchingPoints(result, m)) {
        const shape = `${point.launch.threadsPerBlock}x${point.launch.gridBlocks}`;
        if (!point.perSyncNs || shapes.has(shape)) continue;
        shapes.add(shape);
        kind = source.kind;
        rows.push({
          workload: by.workload,
          param: by.param,
          perSyncNs: point.perSyncNs.median,
          label: point.label,
          sourceLabel: sourceLabel(source),
          sourceKind: source.kind,
          threadsPerBlock: point.launch.threadsPerBlock,
          gridBlocks: point.launch.gridBlocks,
        });
      }
    }
  }
  return rows;
}
