/**
 * `syncbench export FILE.json [MORE.json ...] --format table|md|csv|json|html|png|svg`: saved results in another
 * format. Text formats take one file; `html` makes the single-file report of one run, or of the comparison of
 * several; `png` and `svg` draw the figure of one run or of the comparison of several (figure-image.ts).
 */
import path from 'node:path';

import { InvalidArgumentError, Option, type Command } from 'commander';

import { formatResult, RESULT_FORMATS, type ResultFormat, type TableColumns } from '../core/format';
import { reportBuilder } from '../core/report';
import { ResultFileError } from '../core/results/errors';
import { readResultFile } from '../core/results/io';
import type { ResultFile } from '../model/results/schema';
import { findAppRoot } from '../core/app-root';
import { LOCALES, type Locale } from '../../renderer/figures/locale';
import type { AxisScale, Units } from '../../renderer/figures/settings-storage';
import { EXIT } from './exit-codes';
import { EXPORT_FIGURE_SIZE, PNG_PIXEL_RATIO, type FigureSize } from '../../renderer/figures/figure';
import { FIGURE_FORMATS, writeFigure, type FigureRequest } from './figure-image';
import { exportProfile, findProfile } from './export-profile';
import { checkOutTarget, emit, formatFor } from './output';
import { resultFileForId } from './result-id';
import { defaultResultsDir } from '../core/service/paths';

/** The formats `export` writes; a text format added here also needs its extension in output.ts EXTENSION_FORMATS. */
export const EXPORT_FORMATS = [...RESULT_FORMATS, 'html', ...FIGURE_FORMATS] as const;
export type ExportCommandFormat = (typeof EXPORT_FORMATS)[number];

/** How a figure is drawn (png, svg). */
export type FigureCommandOptions = Omit<FigureRequest, 'format' | 'referenceIds'>;

interface FigureFlags {
  theme: 'light' | 'dark';
  locale: Locale;
  units: Units;
  axis: AxisScale;
  size: FigureSize;
}

/** A figure size "WxH": whole numbers of CSS pixels from 100 to 4000 each (e.g. 800x450). */
function figureSize(value: string): FigureSize {
  const match = /^(\d+)[x×](\d+)$/.exec(value.trim());
  const [width, height] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  const fits = (n: number) => Number.isInteger(n) && n >= 100 && n <= 4000;
  if (!fits(width) || !fits(height)) {
    throw new InvalidArgumentError(
      `'${value}' is not a figure size; use WxH, each a whole number of CSS pixels from 100 to 4000 (e.g. 800x450)`,
    );
  }
  return { width, height };
}

/** Registers `export FILE.json [MORE.json ...] [-f format] [-o FILE|-] [--columns ...] [figure options]`. */
export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description(
      'write a saved result file as a table, Markdown, CSV, JSON, a single-file HTML report, or its figure as PNG ' +
        'or SVG (html, png, svg: several files make their comparison)',
    )
    .argument(
      '<files...>',
      'result files (JSON); one unless --format html, png or svg; or one profile (its file or its id)',
    )
    .addOption(new Option('-f, --format <format>', 'output format').choices([...EXPORT_FORMATS]))
    .option(
      '-o, --out <file>',
      'write to a file instead of stdout (format from the extension; png needs it), or - for stdout',
    )
    .addOption(
      new Option('--columns <set>', 'table columns: compact (fits 120 columns) or all')
        .choices(['compact', 'all'])
        .default('compact'),
    )
    .addOption(new Option('--theme <theme>', 'figures: colours').choices(['light', 'dark']).default('light'))
    .addOption(
      new Option(
        '--locale <locale>',
        'language of reports (md, html) and figures; csv, json and table stay English',
      )
        .choices([...LOCALES])
        .default('en'),
    )
    .addOption(
      new Option('--units <units>', 'figures: per-sync unit').choices(['ns', 'cycles']).default('ns'),
    )
    .addOption(
      new Option('--axis <axis>', 'figures: y axis (auto: log past two decades)')
        .choices(['auto', 'linear', 'log'])
        .default('auto'),
    )
    .addOption(
      new Option(
        '--size <WxH>',
        `figures: size of a plot in CSS pixels (a PNG has ${PNG_PIXEL_RATIO}× as many; a faceted figure stacks its plots)`,
      )
        .argParser(figureSize)
        .default(EXPORT_FIGURE_SIZE, `${EXPORT_FIGURE_SIZE.width}x${EXPORT_FIGURE_SIZE.height}`),
    )
    .option(
      '--results <dir>',
      "the results library a profile or result id is looked up in (default: the app's)",
    )
    .action(
      async (
        files: string[],
        o: FigureFlags & {
          format?: ExportCommandFormat;
          out?: string;
          columns: TableColumns;
          results?: string;
        },
      ) => {
        const { theme, locale, units, axis, size, ...rest } = o;
        process.exitCode = await exportCommand(files, {
          ...rest,
          locale,
          figure: { theme, locale, units, axis, size },
        });
      },
    );
}

/** The built report page next to this CLI (dist/cli.js and the sources both resolve to <app>/dist/report). */
const defaultReportDir = () => path.join(findAppRoot(import.meta.url), 'dist', 'report');
/** The reference datasets shipped with the app: a figure, Markdown or HTML report of one says "reference". */
const referenceDir = () => path.join(findAppRoot(import.meta.url), 'resources', 'reference');

/** The format: --format, else the extension of --out (".png", ".svg" and the text formats'), else Markdown. */
function exportFormat(given: ExportCommandFormat | undefined, out: string | undefined): ExportCommandFormat {
  const ext = path.extname(out ?? '').toLowerCase();
  // A figure's --out is checked by writeFigure (checkFigureOut), which names the figure extensions.
  if (given === 'png' || given === 'svg') return given;
  if (!given && (ext === '.png' || ext === '.svg')) return ext.slice(1) as ExportCommandFormat;
  return formatFor(given, out, EXPORT_FORMATS, 'md');
}

/**
 * Returns 0; 2 when a file is refused (the message names the field), a text format is given several files or the
 * --out target is wrong; 1 (with the reason) when the HTML report's page is not built. One argument that names a
 * profile (its file, or its id in `results`) exports the profile (export-profile.ts). An argument that is not a file
 * but the id of a result (in `results` or a reference dataset, as `compare` prints it) exports that result.
 */
export async function exportCommand(
  args: string[],
  opts: {
    format?: ExportCommandFormat;
    out?: string;
    reportDir?: string;
    columns?: TableColumns;
    /** The language of md and html (default English); figures take theirs from `figure.locale`. */
    locale?: Locale;
    figure?: FigureCommandOptions;
    /** The results library a profile or result id is looked up in (default: the app's user folder). */
    results?: string;
  },
): Promise<number> {
  const profile = args.length === 1 ? await findProfile(args[0]!, opts.results ?? defaultResultsDir()) : null;
  if (profile && !profile.ok) {
    process.stderr.write(`syncbench export: ${profile.message}\n`);
    return EXIT.invalid;
  }
  if (profile) return exportProfile(profile.profile, opts.format, opts.out);
  const dirs = [referenceDir(), opts.results ?? defaultResultsDir()];
  const files = await Promise.all(args.map(async (f) => (await resultFileForId(f, dirs)) ?? f));
  const format = exportFormat(opts.format, opts.out);
  const figure = format === 'png' || format === 'svg';
  await checkOutTarget(opts.out);
  if (format !== 'html' && !figure && files.length !== 1) {
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
  const shipped = referenceDir();
  const referenceIds = new Set(
    results.filter((_, i) => path.resolve(files[i]!).startsWith(shipped + path.sep)).map((r) => r.id),
  );
  if (figure) {
    // A bad --out (wrong extension, no folder) throws OutputError: the CLI says why and exits 2.
    await writeFigure(results, { ...opts.figure, format, referenceIds }, opts.out);
    return EXIT.ok;
  }
  if (format !== 'html') {
    const text = formatResult(results[0]!, format as ResultFormat, {
      columns: opts.columns,
      locale: opts.locale,
      referenceIds,
    });
    // JSON is the stored form byte for byte (formatJson ends as the library's files do): nothing is appended.
    await emit(text, opts.out, {
      markdown: format === 'md',
      readable: format === 'table',
      exact: format === 'json',
    });
    return EXIT.ok;
  }
  let page: string;
  try {
    page = await reportBuilder(opts.reportDir ?? defaultReportDir())(results, opts.locale, referenceIds);
  } catch (err) {
    process.stderr.write(`syncbench export: ${(err as Error).message}\n`);
    return EXIT.internal;
  }
  // A failed write (disk full, read-only, permission) is mapped to its exit code by errors.ts, as for md and json.
  await emit(page, opts.out);
  return EXIT.ok;
}
