/**
 * Nsight Compute's CSV text to rows, with csv-parse. ncu quotes every field but does not double the quotes inside
 * source text (`"#include "example.cuh""`), so quotes are relaxed and rows may differ in length; lines ncu prints
 * about itself (`==PROF==`, `==WARNING==`) before the table are dropped.
 */
import { parse } from 'csv-parse/sync';

import { NcuParseError } from '../../model/profile/ncu-error';

/** ncu's pages as rows (model/profile/build-profile.ts NcuPages). @throws NcuParseError when one is not CSV. */
export function pagesFromCsv(
  raw: string,
  source: string | null,
): { raw: string[][]; source: string[][] | null } {
  return { raw: csvRows(raw, 'raw'), source: source === null ? null : csvRows(source, 'source') };
}

/** The rows of one CSV page. @throws NcuParseError when the text is not CSV. */
export function csvRows(text: string, page: string): string[][] {
  const body = text
    .split(/\r?\n/)
    .filter((line) => !line.startsWith('=='))
    .join('\n');
  try {
    return parse(body, {
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
    }) as string[][];
  } catch (err) {
    throw new NcuParseError(`the ${page} page is not ncu's CSV: ${(err as Error).message}`);
  }
}
