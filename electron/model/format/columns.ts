/**
 * The one column definition of a result's point table, shared by CSV, Markdown and the terminal table (nvbench's
 * rule: every output has the same columns). Units are in the column names: `_ns`-style suffixes come from the
 * schema's field names (`perSyncNs`, `wholeKernelMs`, `clockMeasuredMHz`, `coldMs`).
 */
import type { Point } from '../results/schema';
import { REPORT_EN } from '../words/en/report';
import { displayNumber, type CellWords } from '../words/report';

export { displayNumber, type CellWords };

/** A cell before rendering: CSV writes it as it is, the display formats round it. */
export type CellValue = string | number | boolean | null;

export interface Column {
  /** Header, with the unit in the name. */
  name: string;
  value(point: Point): CellValue;
  /** How Markdown and the terminal table show a non-null value (default: displayValue), in `words`. */
  display?(value: Exclude<CellValue, null>, words: CellWords, point: Point): string;
}

/** Shown for `incorrect: true` points: measured only to show a cost, never ranked or used in ratios. */
export const INCORRECT_LABEL = REPORT_EN.cells.incorrect;

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
  { name: 'stoppedBy', value: (p) => p.stoppedBy, display: (_v, w, p) => w.stoppedBy(p.stoppedBy) },
  { name: 'noisy', value: (p) => (p.stoppedBy === 'published' ? null : p.noisy) },
  { name: 'coldMs', value: (p) => p.coldMs },
  {
    name: 'verification',
    value: (p) => (p.verification ? REPORT_EN.cells.verification(p.verification) : null),
    display: (v, w, p) => (p.verification ? w.verification(p.verification) : String(v)),
  },
  { name: 'incorrect', value: (p) => p.incorrect, display: (v, w) => (v === true ? w.incorrect : '') },
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

/** A point's cells for reading in `words` (English: numbers to 4 significant digits, yes/no), null as "—". */
export function displayRow(point: Point, words: CellWords = REPORT_EN.cells): string[] {
  return POINT_COLUMNS.map((c) => {
    const value = c.value(point);
    if (value === null) return '—';
    return c.display ? c.display(value, words, point) : displayValue(value, words);
  });
}

/** A value for reading in `words` (English: integers as they are, other numbers to 4 significant digits, yes/no). */
export function displayValue(value: Exclude<CellValue, null>, words: CellWords = REPORT_EN.cells): string {
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return words.number(value);
  return value;
}
