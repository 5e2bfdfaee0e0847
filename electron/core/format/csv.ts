/** A result's point table as CSV (RFC 4180 quoting by csv-stringify): the POINT_COLUMNS header, one row a point. */
import { stringify } from 'csv-stringify/sync';

import type { ResultFile } from '../../model/results/schema';
import { columnNames, csvRow } from '../../model/format/columns';

/**
 * CSV text: numbers in full precision, booleans true/false, null as an empty cell; ends with a newline. Text that a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with ' (labels may come from imported files).
 */
export function formatCsv(result: ResultFile): string {
  return stringify([columnNames(), ...result.points.map(csvRow)], CSV_OPTIONS);
}

/** Options of every CSV this app writes. */
export const CSV_OPTIONS = { escape_formulas: true } as const;
