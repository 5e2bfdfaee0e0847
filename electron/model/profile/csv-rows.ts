/**
 * A profile as a table for CSV: one row per kernel and priced sync kind (a fence once per scope), the kernel's
 * launch shape, duration and stall shares repeated on each of its rows, so a spreadsheet can filter by either.
 * Units are in the column names (ns, %). Cells are raw values: numbers kept, null empty (model/format/columns.ts).
 */
import { csvCell, type CellValue } from '../format/columns';
import type { Dim3 } from './ncu-values';
import { syncsOfPrice } from './price-syncs';
import type { KernelProfile, Price } from './schema';

const dim = (d: Dim3) => `${d.x}x${d.y}x${d.z}`;

const stallPct = (k: KernelProfile, reason: string) => k.stalls.find((s) => s.reason === reason)?.pct ?? null;

type KernelColumn = [name: string, value: (k: KernelProfile) => CellValue];
type PriceColumn = [name: string, value: (k: KernelProfile, p: Price | null) => CellValue];

const KERNEL_COLUMNS: KernelColumn[] = [
  ['kernel', (k) => k.name],
  ['launches', (k) => k.launches],
  ['grid', (k) => dim(k.grid)],
  ['block', (k) => dim(k.block)],
  ['cluster', (k) => dim(k.cluster)],
  ['cooperative', (k) => k.cooperative.value],
  ['medianDurationNs', (k) => k.medianDurationNs],
  ['barrierStallPct', (k) => stallPct(k, 'barrier')],
  ['membarStallPct', (k) => stallPct(k, 'membar')],
  ['kernelLowerBoundNs', (k) => k.pricing.lowerBoundNs],
  ['lowerBoundPctOfDuration', (k) => k.pricing.lowerBoundPctOfDuration],
];

const PRICE_COLUMNS: PriceColumn[] = [
  ['syncKind', (_k, p) => p?.kind ?? null],
  ['fenceScope', (_k, p) => p?.scope ?? null],
  ['syncsCounted', (k, p) => (p ? syncsOfPrice(k, p) : null)],
  ['syncsPerWarp', (_k, p) => p?.syncsPerWarp ?? null],
  ['perSyncNs', (_k, p) => p?.perSyncNs ?? null],
  ['lowerBoundNs', (_k, p) => p?.lowerBoundNs ?? null],
  ['costSourceKind', (_k, p) => p?.sourceKind ?? null],
  ['costSource', (_k, p) => (p ? (p.sourceLabel ?? p.missing) : null)],
];

/** The header row. */
export function profileCsvHeader(): string[] {
  return [...KERNEL_COLUMNS, ...PRICE_COLUMNS].map(([name]) => name);
}

/**
 * Every row after the header: per kernel one row per price (a kernel without prices, e.g. no instruction mix, has
 * one row with the price columns empty). Numbers stay numbers; null and booleans are written as csvCell does.
 */
export function profileCsvRows(kernels: readonly KernelProfile[]): (string | number)[][] {
  return kernels.flatMap((k) => {
    const head = KERNEL_COLUMNS.map(([, value]) => csvCell(value(k)));
    const prices: (Price | null)[] = k.pricing.prices.length ? k.pricing.prices : [null];
    return prices.map((p) => [...head, ...PRICE_COLUMNS.map(([, value]) => csvCell(value(k, p)))]);
  });
}
