/**
 * The per-sync costs a profile is priced with: for each workload of model/profile/pricing.ts PRICED_BY, the point
 * of the newest result measured on a GPU of the profile's model (device name), else of a shipped reference
 * dataset for that model, labelled "reference dataset, not this GPU" (core/service/advice-costs.ts ranks them;
 * docs/profile.md#pricing). A GPU model with neither gets no rows: the profile then says what to run.
 */
import { sourceLabel } from '../../model/decide/costs';
import { PRICED_BY, type PriceRow } from '../../model/profile/pricing';
import type { ResultFile } from '../../model/results/schema';
import { pricingPoint, rankedCandidates, sourceOf } from '../service/advice-costs';
import type { ResultsStore } from '../service/ports';

/** Price rows for a GPU named `deviceName` (as ncu names it, e.g. "NVIDIA H200"); [] when it is null. */
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
    for (const summary of candidates) {
      const result = await get(summary.id);
      const point = result
        ? pricingPoint(result, { mode: by.mode, workload: by.workload, param: by.param, unit: '' })
        : undefined;
      if (!point?.perSyncNs) continue;
      const source = sourceOf(summary);
      rows.push({
        workload: by.workload,
        param: by.param,
        perSyncNs: point.perSyncNs.median,
        label: point.label,
        sourceLabel: sourceLabel(source),
        sourceKind: source.kind,
      });
      break;
    }
  }
  return rows;
}
