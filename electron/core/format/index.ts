/**
 * Export formats of one result: a terminal table, Markdown (a results page), CSV (the point table) and JSON (the
 * whole result file). Table, Markdown and CSV share the columns of `columns.ts`.
 */
import type { ResultFile } from '../results/schema';
import { formatCsv } from './csv';
import { formatJson } from './json';
import { formatMarkdown } from './markdown';
import { formatTable } from './table';

export const RESULT_FORMATS = ['table', 'md', 'csv', 'json'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** `result` as text in `format`; every format ends with a newline. */
export function formatResult(result: ResultFile, format: ResultFormat): string {
  switch (format) {
    case 'table':
      return formatTable(result);
    case 'md':
      return formatMarkdown(result);
    case 'csv':
      return formatCsv(result);
    case 'json':
      return formatJson(result);
  }
}
