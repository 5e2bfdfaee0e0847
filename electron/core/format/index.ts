/**
 * Export formats of one result: a terminal table, Markdown (a results page), CSV (the point table) and JSON (the
 * whole result file). Table, Markdown and CSV share the columns of `columns.ts`.
 */
import type { Locale } from '../../contract';
import type { ResultFile } from '../../model/results/schema';
import { formatCompactTable } from './compact-table';
import { formatCsv } from './csv';
import { formatJson } from './json';
import { formatMarkdown } from './markdown';
import { reportWords } from './report-locale';
import { formatTable } from './table';

export const RESULT_FORMATS = ['table', 'md', 'csv', 'json'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** Which columns the terminal table shows: the compact set that fits 120 columns, or every column. */
export type TableColumns = 'compact' | 'all';

/**
 * `result` as text in `format`; every format ends with a newline. `columns` picks the terminal table (default
 * 'all', the wide table; the CLI prints 'compact' unless asked). `locale` is the language of Markdown (default
 * English); the terminal table, CSV and JSON are always English (data and the CLI's own output). `referenceIds`:
 * the ids of the reference datasets shipped with the app, which Markdown says are not this GPU (default none).
 */
export function formatResult(
  result: ResultFile,
  format: ResultFormat,
  options: { columns?: TableColumns; locale?: Locale; referenceIds?: ReadonlySet<string> } = {},
): string {
  switch (format) {
    case 'table':
      return options.columns === 'compact' ? formatCompactTable(result) : formatTable(result);
    case 'md':
      return formatMarkdown(result, reportWords(options.locale), options.referenceIds);
    case 'csv':
      return formatCsv(result);
    case 'json':
      return formatJson(result);
  }
}
