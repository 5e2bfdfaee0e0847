/**
 * The one column definition of a result's point table, shared by CSV, Markdown and the terminal table (nvbench's
 * rule: every output has the same columns). Units are in the column names: `_ns`-style suffixes come from the
 * schema's field names (`perSyncNs`, `wholeKernelMs`, `clockMeasuredMHz`, `coldMs`).
 */
import type { Point } from '../results/schema';

/** A cell before rendering: CSV writes it as it is, the display formats round it. */
export type CellValue = string | number | boolean | null;

export interface Column {
  /** Header, with the unit in the name. */
  name: string;
  value(point: Point): CellValue;
  /** How Markdown and the terminal table show a non-null value (default: displayValue). */
  display?(value: Exclude<CellValue, null>): string;
}

/** Shown for `incorrect: true` points: measured only to show a cost, never ranked or used in ratios. */
export const INCORRECT_LABEL = 'INCORRECT (not synchronization)';

export const POINT_COLUMNS: readonly Column[] = [
  { name: 'index', value: (p) => p.index },
  { name: 'series', value: (p) => p.series },
  { name: 'label', value: (p) => p.label },
  { name: 'x', value: (p) => p.x },
  { name: 'workload', value: (p) => p.workload },
  { name: 'param', value: (p) => p.param },
  { name: 'gridBlocks', value: (p) => p.launch.gridBlocks },
  { name: 'threadsPerBlock', value: (p) => p.launch.threadsPerBlock },
  { name: 'clusterSize', value: (p) => p.launch.clusterSize },
  { name: 'perSyncNs_median', value: (p) => p.perSyncNs?.median ?? null },
  { name: 'perSyncNs_p10', value: (p) => p.perSyncNs?.p10 ?? null },
  { name: 'perSyncNs_p90', value: (p) => p.perSyncNs?.p90 ?? null },
  { name: 'perSyncNs_ciLow', value: (p) => p.perSyncNs?.ciLow ?? null },
  { name: 'perSyncNs_ciHigh', value: (p) => p.perSyncNs?.ciHigh ?? null },
  { name: 'perSyncCycles_median', value: (p) => p.perSyncCycles?.median ?? null },
  { name: 'perSyncNsFromCycles', value: (p) => p.perSyncNsFromCycles },
  { name: 'wholeKernelMs_median', value: (p) => p.wholeKernelMs?.median ?? null },
  { name: 'clockMeasuredMHz', value: (p) => p.clock.measuredMHz },
  // A published figure says nothing about throttling or noise: unknown, not false.
  { name: 'throttled', value: (p) => (p.stoppedBy === 'published' ? null : p.clock.throttled) },
  { name: 'reps', value: (p) => p.reps },
  { name: 'stoppedBy', value: (p) => p.stoppedBy },
  { name: 'noisy', value: (p) => (p.stoppedBy === 'published' ? null : p.noisy) },
  { name: 'coldMs', value: (p) => p.coldMs },
  { name: 'verification', value: (p) => verificationText(p.verification) },
  { name: 'incorrect', value: (p) => p.incorrect, display: (v) => (v === true ? INCORRECT_LABEL : '') },
];

/** The header row. */
export function columnNames(): string[] {
  return POINT_COLUMNS.map((c) => c.name);
}

/** A point's cells for CSV: numbers kept (written in full precision), booleans as true/false, null as empty. */
export function csvRow(point: Point): (string | number)[] {
  return POINT_COLUMNS.map((c) => csvCell(c.value(point)));
}

/** A cell for CSV: numbers kept as numbers (so only text is guarded against formulas), booleans and null as text. */
export function csvCell(value: CellValue): string | number {
  if (value === null) return '';
  return typeof value === 'number' ? value : String(value);
}

/** A point's cells for reading: numbers to 4 significant digits, booleans as yes/no, null as "—". */
export function displayRow(point: Point): string[] {
  return POINT_COLUMNS.map((c) => {
    const value = c.value(point);
    if (value === null) return '—';
    return c.display ? c.display(value) : displayValue(value);
  });
}

/** A value rounded for reading: integers as they are, other numbers to 4 significant digits, booleans yes/no. */
export function displayValue(value: Exclude<CellValue, null>): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return displayNumber(value);
  return value;
}

/** A number to 4 significant digits, trailing zeros dropped (integers unchanged). */
export function displayNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
}

function verificationText(v: Point['verification']): string | null {
  if (v === null) return null;
  return v.ok ? `ok (${v.verified} verified)` : `FAILED (${v.mismatches} of ${v.verified} mismatched)`;
}
