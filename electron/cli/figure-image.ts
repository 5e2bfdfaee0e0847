/**
 * `syncbench export --format png|svg`: the figure of one saved run (as the Results view draws it)
 * or of a comparison of several (as the Compare view draws it), without a browser, for headless GPU hosts. The
 * configuration comes from the renderer's figure pipeline (renderer/figures/figure.ts: DOM-free, shared with the
 * app), and Chart.js draws it on @napi-rs/canvas (Skia): a PNG at 2× pixel ratio, or Skia's SVG canvas, whose
 * text carries its font as attributes. Nothing is hand-drawn.
 */
import path from 'node:path';

import { createRequire } from 'node:module';

import type * as NapiCanvas from '@napi-rs/canvas';
import { Chart, type ChartItem } from 'chart.js';
import { writeFileDurably } from '../core/files/durable-write';
import { writeOrCleanUpOnInterrupt } from './interrupt';

import { modeInfos } from '../model/modes';
import type { ResultFile } from '../model/results/schema';
import type { WorkbenchChartConfig } from '../../renderer/figures/config';
import { comparisonKind } from '../../renderer/figures/compare-facets';
import {
  comparisonFigures,
  EXPORT_FIGURE_SIZE,
  PNG_PIXEL_RATIO,
  runFigures,
  staticConfig,
  type FigureOptions,
  type FigureSize,
} from '../../renderer/figures/figure';
import { FIGURE_FONT } from '../../renderer/figures/plugins';
import { registerCharts } from '../../renderer/figures/register';
import type { Locale } from '../../renderer/figures/locale';
import type { AxisScale, Units } from '../../renderer/figures/settings-storage';
import { checkGlyphs, registerFigureFonts } from './figure-fonts';
import { recordTexts, withWholeTexts } from './svg-text';
import { OutputError } from './output';

export const FIGURE_FORMATS = ['png', 'svg'] as const;
export type FigureFormat = (typeof FIGURE_FORMATS)[number];

/** How the CLI draws a figure (defaults: light, English, ns, the automatic axis, EXPORT_FIGURE_SIZE a plot). */
export interface FigureRequest {
  format: FigureFormat;
  theme?: 'light' | 'dark';
  locale?: Locale;
  units?: Units;
  axis?: AxisScale;
  size?: FigureSize;
  /** Ids of results that are reference datasets shipped with the app (their footer line says so). */
  referenceIds?: ReadonlySet<string>;
}

/** The chart kind of a run's mode (the Run and Results views' rule): the mode's own, else line when it has an x axis. */
function runKind(result: ResultFile): 'line' | 'bars' {
  return modeInfos().find((m) => m.id === result.plan.mode)?.chart ?? (result.plan.xAxis ? 'line' : 'bars');
}

/**
 * The configurations of the figure of `results`: one run's or the comparison of several, a plot per facet
 * (docs/figures.md#many-series).
 */
export function figureConfigs(
  results: readonly ResultFile[],
  request: FigureRequest,
): WorkbenchChartConfig[] {
  const options: FigureOptions = {
    kind: results.length === 1 ? runKind(results[0]!) : comparisonKind(results),
    units: request.units ?? 'ns',
    axis: request.axis ?? 'auto',
    theme: request.theme ?? 'light',
    locale: request.locale ?? 'en',
    referenceIds: request.referenceIds ?? new Set(),
  };
  const models =
    results.length === 1 ? runFigures(results[0]!, options) : comparisonFigures(results, options);
  return models.map((model) => model.config);
}

let canvasModule: typeof NapiCanvas | null = null;

/**
 * @napi-rs/canvas, loaded on the first figure: the CLI starts (and measures) without it, e.g. from the
 * self-contained GPU-host bundle, which carries no node_modules.
 */
function napiCanvas(): typeof NapiCanvas {
  canvasModule ??= createRequire(import.meta.url)('@napi-rs/canvas') as typeof NapiCanvas;
  return canvasModule;
}

/**
 * Draws one plot's `config` at `size`: PNG bytes (PNG_PIXEL_RATIO × size) or SVG text as bytes, in the figures'
 * fonts (figure-fonts.ts).
 * @throws FigureTextError when a text of the figure has a character no font can draw.
 */
function drawPlot(config: WorkbenchChartConfig, format: FigureFormat, size: FigureSize): Buffer {
  const module = napiCanvas();
  const { createCanvas, SvgExportFlag } = module;
  registerCharts();
  registerFigureFonts(module);
  const canvas =
    format === 'png'
      ? createCanvas(size.width, size.height)
      : createCanvas(size.width, size.height, SvgExportFlag.NoPrettyXML);
  const strings = new Set<string>();
  const texts = recordTexts(canvas.getContext('2d'), strings);
  const ratio = format === 'png' ? PNG_PIXEL_RATIO : 1;
  const chart = new Chart(canvas as unknown as ChartItem, staticConfig(config, ratio));
  try {
    checkGlyphs(module, strings);
    if (!('getContent' in canvas)) return canvas.toBuffer('image/png');
    return Buffer.from(
      withWholeTexts(canvas.getContent().toString('utf8'), texts, FIGURE_FONT, about(config)),
    );
  } finally {
    chart.destroy();
  }
}

/** What an SVG says it is: its title (the chart's) and description (the note under the title, the provenance). */
function about(config: WorkbenchChartConfig): { title: string; desc: string } {
  const plugins = config.options?.plugins;
  const desc = [String(plugins?.subtitle?.text ?? ''), ...(plugins?.provenance?.lines ?? [])];
  return { title: String(plugins?.title?.text ?? ''), desc: desc.filter(Boolean).join(' — ') };
}

/** SVG documents of one size stacked top to bottom in one document (each nested as an `<svg>` at its offset). */
function stackSvgs(svgs: readonly Buffer[], size: FigureSize): Buffer {
  const height = size.height * svgs.length;
  const nested = svgs.map((svg, i) =>
    svg
      .toString('utf8')
      .replace(/^<\?xml[^>]*\?>\s*/, '')
      .replace(/^<svg /, `<svg y="${i * size.height}" `),
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" ` +
      `height="${height}" viewBox="0 0 ${size.width} ${height}">${nested.join('')}</svg>`,
  );
}

/** PNG pictures of one size stacked top to bottom in one PNG. */
function stackPngs(pngs: readonly Buffer[]): Buffer {
  const { createCanvas, Image } = napiCanvas();
  const images = pngs.map((png) => Object.assign(new Image(), { src: png }));
  const width = images[0]!.width;
  const canvas = createCanvas(
    width,
    images.reduce((sum, image) => sum + image.height, 0),
  );
  const context = canvas.getContext('2d');
  let top = 0;
  for (const image of images) {
    context.drawImage(image, 0, top);
    top += image.height;
  }
  return canvas.toBuffer('image/png');
}

/**
 * Draws the plots of `configs` (figureConfigs), each at `size`, stacked top to bottom in one picture: PNG bytes
 * (PNG_PIXEL_RATIO × size a plot) or SVG text as bytes.
 */
export function drawFigure(
  configs: readonly WorkbenchChartConfig[],
  format: FigureFormat,
  size: FigureSize,
): Buffer {
  const plots = configs.map((config) => drawPlot(config, format, size));
  if (plots.length === 1) return plots[0]!;
  return format === 'png' ? stackPngs(plots) : stackSvgs(plots, size);
}

/**
 * Checks that `out`'s extension fits `format` (".png" for png, ".svg" for svg).
 * @throws OutputError naming the allowed extension.
 */
export function checkFigureOut(format: FigureFormat, out: string | undefined): void {
  if (out === undefined) {
    if (format === 'png') throw new OutputError('--format png writes binary data: give --out FILE.png');
    return;
  }
  const ext = path.extname(out).toLowerCase();
  if (ext !== `.${format}`) {
    throw new OutputError(
      `--out ${out}: a ${format.toUpperCase()} figure needs the extension .${format} ` +
        `(allowed for figures: ${FIGURE_FORMATS.map((f) => `.${f} with --format ${f}`).join(', ')})`,
    );
  }
}

/** Writes the figure of `results` to `out` (durably: electron/core/files/durable-write.ts), or an SVG to stdout when `out` is undefined. */
export async function writeFigure(
  results: readonly ResultFile[],
  request: FigureRequest,
  out: string | undefined,
): Promise<void> {
  checkFigureOut(request.format, out);
  const bytes = drawFigure(
    figureConfigs(results, request),
    request.format,
    request.size ?? EXPORT_FIGURE_SIZE,
  );
  if (out === undefined) {
    process.stdout.write(bytes);
    return;
  }
  // A failed write throws WriteError naming --out (the CLI's exit code says whether the disk is full).
  // Ctrl-C during the write removes its temporary (interrupt.ts): nothing is left behind.
  await writeOrCleanUpOnInterrupt('syncbench export', () =>
    writeFileDurably(out, bytes, { label: `--out ${out}` }),
  );
  process.stderr.write(`wrote ${out}\n`);
}
