/** Search and sort rules of the Results table. */
import type { ResultSummary } from '../../electron/contract';

export type SortKey = 'name' | 'mode' | 'deviceName' | 'createdAt' | 'points' | 'ratios';

/** The headline ratio a row sorts by: its first ratio, or null when it has none. */
export function headlineRatio(row: ResultSummary): number | null {
  const first = Object.values(row.ratios)[0];
  return first === undefined ? null : first;
}

/** Order of two rows by one column, ascending (direction 1) or descending (-1); rows without a value come last. */
export function compareSummaries(
  a: ResultSummary,
  b: ResultSummary,
  key: SortKey,
  direction: 1 | -1,
): number {
  if (key === 'points') return direction * (a.points - b.points);
  if (key === 'ratios')
    return compareNullable(headlineRatio(a), headlineRatio(b), (x, y) => direction * (x - y));
  return compareNullable(a[key], b[key], (x, y) => direction * x.localeCompare(y));
}

function compareNullable<T>(a: T | null, b: T | null, compare: (x: T, y: T) => number): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return compare(a, b);
}

/** Whether a row matches the search text (case-insensitive, in name, mode, device, date, status or ratio names). */
export function matchesText(row: ResultSummary, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [
    row.name,
    row.mode,
    row.deviceName ?? '',
    row.createdAt,
    row.status,
    ...Object.keys(row.ratios),
  ];
  return haystack.some((field) => field.toLowerCase().includes(needle));
}
