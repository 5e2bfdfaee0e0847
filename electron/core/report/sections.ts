/**
 * The parts of a report page: one run (its Markdown results page with the chart after the head, and its
 * compute-sanitizer report) and a comparison (the comparison page with the overlaid chart). Each part declares the
 * chart it holds; the page script draws it.
 */
import { compareResults, formatComparison } from '../compare';
import { formatMarkdown } from '../format/markdown';
import { withShownLabels } from '../format/shown-labels';
import type { ReportWords } from '../../model/words/report';
import { REPORT_WORDS_EN } from '../format/report-locale';
import { modeInfos } from '../../model/modes';
import type { ResultFile } from '../../model/results/schema';
import type { ReportChart } from '../../model/report/data';
import { escapeHtml, renderMarkdown, splitAfterHead } from './markdown';
import { sanitizerSection } from './sanitizer';

/** A part of the page: its HTML and the chart in it. */
export interface ReportPart {
  html: string;
  chart: ReportChart;
}

/** CSS size of every chart canvas (the script draws at 2× device pixels). */
export const CHART_WIDTH = 900;
export const CHART_HEIGHT = 400;

/** Line or bars, as the app draws the mode (its ModeInfo), else by whether the plan has an x axis. */
function chartKind(result: ResultFile): 'line' | 'bars' {
  return modeInfos().find((m) => m.id === result.plan.mode)?.chart ?? (result.plan.xAxis ? 'line' : 'bars');
}

function figure(chart: ReportChart, words: ReportWords): string {
  return [
    '<figure class="chart">',
    `<canvas id="${chart.canvasId}" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" role="img" ` +
      `aria-label="${escapeHtml(words.html.chartLabel(chart.title))}"></canvas>`,
    `<figcaption>${escapeHtml(words.html.caption(chart.title))}</figcaption>`,
    `<noscript><p>${escapeHtml(words.html.noScript)}</p></noscript>`,
    '</figure>',
  ].join('\n');
}

/**
 * The part of run `index` (0-based) of `results`, in `words` (English by default); its page says it is a reference
 * dataset when its id is in `referenceIds` (markdown.ts formatMarkdown).
 */
export function runPart(
  results: readonly ResultFile[],
  index: number,
  words: ReportWords = REPORT_WORDS_EN,
  referenceIds: ReadonlySet<string> = new Set(),
): ReportPart {
  const result = results[index]!;
  const published = result.source.kind === 'published';
  const chart: ReportChart = {
    canvasId: `chart-run-${index + 1}`,
    title: words.html.runChartTitle(result.plan.mode, result.name, published),
    kind: chartKind(result),
    xAxis: result.plan.xAxis,
    runs: [index],
  };
  const { head, rest } = splitAfterHead(formatMarkdown(result, words, referenceIds));
  const banner = published
    ? `<p class="published-banner">${escapeHtml(words.html.publishedBanner(result.source.citation))}</p>`
    : '';
  const html = [
    `<article class="run" id="run-${index + 1}">`,
    banner,
    renderMarkdown(head),
    figure(chart, words),
    renderMarkdown(rest),
    result.sanitizer ? sanitizerSection(result.sanitizer, words.html) : '',
    '</article>',
  ].join('\n');
  return { html, chart };
}

/**
 * The comparison part of several runs (run 1 is the base): runs, overlaid chart, differences, rows, verdicts, in
 * `words` (English by default); the runs in `referenceIds` are named reference datasets.
 */
export function comparisonPart(
  results: readonly ResultFile[],
  words: ReportWords = REPORT_WORDS_EN,
  referenceIds: ReadonlySet<string> = new Set(),
): ReportPart {
  const first = results[0]!;
  // As the Compare view draws it: lines when every run is the same line mode, bars otherwise.
  const lines = results.every((r) => r.plan.mode === first.plan.mode) && chartKind(first) === 'line';
  const chart: ReportChart = {
    canvasId: 'chart-comparison',
    title: words.html.comparisonChartTitle(results.length, lines),
    kind: lines ? 'line' : 'bars',
    xAxis: lines ? first.plan.xAxis : null,
    runs: results.map((_, i) => i),
  };
  const { head, rest } = splitAfterHead(
    formatComparison(
      compareResults(results.map((r) => withShownLabels(r, words.locale))),
      'md',
      words,
      referenceIds,
    ),
  );
  const html = [
    '<section class="comparison" id="comparison">',
    renderMarkdown(head),
    figure(chart, words),
    renderMarkdown(rest),
    '</section>',
  ].join('\n');
  return { html, chart };
}
