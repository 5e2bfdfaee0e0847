/**
 * `syncbench export FILE.json [MORE.json ...] --format table|md|csv|json|html`: saved results in another format.
 * Text formats take one file; `html` makes the single-file report of one run, or of the comparison of several.
 */
import path from 'node:path';

import { Option, type Command } from 'commander';

import { formatResult, RESULT_FORMATS, type ResultFormat, type TableColumns } from '../core/format';
import { reportBuilder } from '../core/report';
import { ResultFileError } from '../core/results/errors';
import { readResultFile } from '../core/results/io';
import type { ResultFile } from '../core/results/schema';
import { findAppRoot } from '../serve/app-root';
import { EXIT } from './exit-codes';
import { checkOutTarget, emit, formatFor } from './output';

/** The formats `export` writes; a format added here also needs its extension in output.ts EXTENSION_FORMATS. */
export const EXPORT_FORMATS = [...RESULT_FORMATS, 'html'] as const;
export type ExportCommandFormat = (typeof EXPORT_FORMATS)[number];

/** Registers `export FILE.json [MORE.json ...] [-f format] [-o FILE|-] [--columns compact|all]`. */
export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description(
      'write a saved result file as a table, Markdown, CSV, JSON or a single-file HTML report (html: several ' +
        'files make the report of their comparison)',
    )
    .argument('<files...>', 'result files (JSON); one unless --format html')
    .addOption(new Option('-f, --format <format>', 'output format').choices([...EXPORT_FORMATS]))
    .option(
      '-o, --out <file>',
      'write to a file instead of stdout (format from the extension), or - for stdout',
    )
    .addOption(
      new Option('--columns <set>', 'table columns: compact (fits 120 columns) or all')
        .choices(['compact', 'all'])
        .default('compact'),
    )
    .action(
      async (files: string[], o: { format?: ExportCommandFormat; out?: string; columns: TableColumns }) => {
        process.exitCode = await exportCommand(files, o);
      },
    );
}

/** The built report page next to this CLI (dist/cli.js and the sources both resolve to <app>/dist/report). */
const defaultReportDir = () => path.join(findAppRoot(import.meta.url), 'dist', 'report');

/**
 * Returns 0; 2 when a file is refused (the message names the field) or a text format is given several files; 1
 * (with the reason) when the HTML report's page is not built.
 */
export async function exportCommand(
  files: string[],
  opts: { format?: ExportCommandFormat; out?: string; reportDir?: string; columns?: TableColumns },
): Promise<number> {
  const format = formatFor(opts.format, opts.out, EXPORT_FORMATS, 'md');
  await checkOutTarget(opts.out);
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
    await emit(formatResult(results[0]!, format as ResultFormat, { columns: opts.columns }), opts.out, {
      markdown: format === 'md',
    });
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
