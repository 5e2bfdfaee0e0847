/**
 * `syncbench export FILE.json [MORE.json ...] --format table|md|csv|json|html`: saved results in another format.
 * Text formats take one file; `html` makes the single-file report of one run, or of the comparison of several.
 */
import path from 'node:path';

import { formatResult, RESULT_FORMATS, type ResultFormat } from '../core/format';
import { reportBuilder } from '../core/report';
import { ResultFileError } from '../core/results/errors';
import { readResultFile } from '../core/results/io';
import type { ResultFile } from '../core/results/schema';
import { findAppRoot } from '../core/app-root';
import { EXIT } from './exit-codes';
import { emit, formatFor } from './output';

export const EXPORT_FORMATS = [...RESULT_FORMATS, 'html'] as const;
export type ExportCommandFormat = (typeof EXPORT_FORMATS)[number];

/** The built report page next to this CLI (dist/cli.js and the sources both resolve to <app>/dist/report). */
const defaultReportDir = () => path.join(findAppRoot(import.meta.url), 'dist', 'report');

/**
 * Returns 0; 2 when a file is refused (the message names the field) or a text format is given several files; 1
 * (with the reason) when the HTML report's page is not built.
 */
export async function exportCommand(
  files: string[],
  opts: { format?: ExportCommandFormat; out?: string; reportDir?: string },
): Promise<number> {
  const format = formatFor(opts.format, opts.out, EXPORT_FORMATS, 'md');
  if (format !== 'html' && files.length !== 1) {
    process.stderr.write(
      `syncbench export: --format ${format} takes one file; html takes several (a comparison)\n`,
    );
    return EXIT.invalid;
  }
  const results: ResultFile[] = [];
  try {
    for (const file of files) results.push(await readResultFile(file));
  } catch (err) {
    if (err instanceof ResultFileError) {
      process.stderr.write(`syncbench export: ${err.message}\n`);
      return EXIT.invalid;
    }
    throw err;
  }
  if (format !== 'html') {
    await emit(formatResult(results[0]!, format as ResultFormat), opts.out);
    return EXIT.ok;
  }
  try {
    await emit(await reportBuilder(opts.reportDir ?? defaultReportDir())(results), opts.out);
  } catch (err) {
    process.stderr.write(`syncbench export: ${(err as Error).message}\n`);
    return EXIT.internal;
  }
  return EXIT.ok;
}
