/**
 * `syncbench export FILE.json [MORE.json ...] --format table|md|csv|json|html|png|svg`: saved results in another
 * format. Text formats take one file; `html` makes the single-file report of one run, or of the comparison of
 * several; `png` and `svg` draw the figure of one run or of the comparison of several (figure-image.ts).
 */
import path from 'node:path';

import { formatResult, RESULT_FORMATS, type ResultFormat } from '../core/format';
import { reportBuilder } from '../core/report';
import { ResultFileError } from '../core/results/errors';
import { readResultFile } from '../core/results/io';
import type { ResultFile } from '../core/results/schema';
import { findAppRoot } from '../serve/app-root';
import { EXIT } from './exit-codes';
import { FIGURE_FORMATS, writeFigure, type FigureRequest } from './figure-image';
import { emit, formatFor } from './output';

export const EXPORT_FORMATS = [...RESULT_FORMATS, 'html', ...FIGURE_FORMATS] as const;
export type ExportCommandFormat = (typeof EXPORT_FORMATS)[number];

/** The built report page next to this CLI (dist/cli.js and the sources both resolve to <app>/dist/report). */
const defaultReportDir = () => path.join(findAppRoot(import.meta.url), 'dist', 'report');
/** The reference datasets shipped with the app: a figure of one of these says "reference" in its footer. */
const referenceDir = () => path.join(findAppRoot(import.meta.url), 'resources', 'reference');

/** How a figure is drawn (png, svg). */
export type FigureCommandOptions = Omit<FigureRequest, 'format' | 'referenceIds'>;

/** The format: --format, else the extension of --out (".png", ".svg" and the text formats'), else Markdown. */
function exportFormat(given: ExportCommandFormat | undefined, out: string | undefined): ExportCommandFormat {
  const ext = path.extname(out ?? '').toLowerCase();
  if (!given && (ext === '.png' || ext === '.svg')) return ext.slice(1) as ExportCommandFormat;
  return formatFor(given, out, EXPORT_FORMATS, 'md');
}

/**
 * Returns 0; 2 when a file is refused (the message names the field) or a text format is given several files; 1
 * (with the reason) when the HTML report's page is not built.
 */
export async function exportCommand(
  files: string[],
  opts: { format?: ExportCommandFormat; out?: string; reportDir?: string; figure?: FigureCommandOptions },
): Promise<number> {
  const format = exportFormat(opts.format, opts.out);
  const several = format === 'html' || format === 'png' || format === 'svg';
  if (!several && files.length !== 1) {
    process.stderr.write(
      `syncbench export: --format ${format} takes one file; html, png and svg take several (a comparison)\n`,
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
  if (format === 'png' || format === 'svg') {
    const shipped = referenceDir();
    const referenceIds = new Set(
      results.filter((_, i) => path.resolve(files[i]!).startsWith(shipped + path.sep)).map((r) => r.id),
    );
    // A bad --out (wrong extension, no folder) throws OutputError: the CLI says why and exits 2.
    await writeFigure(results, { ...opts.figure, format, referenceIds }, opts.out);
    return EXIT.ok;
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
