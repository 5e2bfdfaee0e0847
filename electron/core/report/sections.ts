/**
 * The parts of a report page: one run (its Markdown results page with the chart after the head, and its
 * compute-sanitizer report) and a comparison (the comparison page with the overlaid chart). Each part declares the
 * chart it holds; the page script draws it.
 */
import { compareResults, formatComparison } from '../compare';
import { formatMarkdown } from '../format/markdown';
import { modeInfos } from '../modes';
import type { ResultFile } from '../results/schema';
import type { ReportChart } from './data';
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

/** Said wherever published numbers show. */
export const PUBLISHED_LABEL = 'published, not measured by this product';

/** Line or bars, as the app draws the mode (its ModeInfo), else by whether the plan has an x axis. */
function chartKind(result: ResultFile): 'line' | 'bars' {
  return modeInfos().find((m) => m.id === result.plan.mode)?.chart ?? (result.plan.xAxis ? 'line' : 'bars');
}

function figure(chart: ReportChart): string {
  return [
    '<figure class="chart">',
    `<canvas id="${chart.canvasId}" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" role="img" ` +
      `aria-label="${escapeHtml(`Chart: ${chart.title}`)}"></canvas>`,
    `<figcaption>${escapeHtml(chart.title)}. Drawn by this file's own script from the results embedded in it; ` +
      'the tables hold every value.</figcaption>',
    '<noscript><p>The chart needs JavaScript; the tables hold every value.</p></noscript>',
    '</figure>',
  ].join('\n');
}

/** The part of run `index` (0-based) of `results`. */
export function runPart(results: readonly ResultFile[], index: number): ReportPart {
  const result = results[index]!;
  const published = result.source.kind === 'published';
  const chart: ReportChart = {
    canvasId: `chart-run-${index + 1}`,
    title: `${result.plan.mode} — ${result.name}${published && !result.name.includes(PUBLISHED_LABEL) ? ` (${PUBLISHED_LABEL})` : ''}`,
    kind: chartKind(result),
    xAxis: result.plan.xAxis,
    runs: [index],
  };
  const { head, rest } = splitAfterHead(formatMarkdown(result));
  const banner = published
    ? `<p class="published-banner">Published in ${escapeHtml(result.source.citation ?? 'a publication')}, ` +
      'not measured by this product.</p>'
    : '';
  const html = [
    `<article class="run" id="run-${index + 1}">`,
    banner,
    renderMarkdown(head),
    figure(chart),
    renderMarkdown(rest),
    result.sanitizer ? sanitizerSection(result.sanitizer) : '',
    '</article>',
  ].join('\n');
  return { html, chart };
}

/** The comparison part of several runs (run 1 is the base): runs, overlaid chart, differences, rows, verdicts. */
export function comparisonPart(results: readonly ResultFile[]): ReportPart {
  const first = results[0]!;
  // As the Compare view draws it: lines when every run is the same line mode, bars otherwise.
  const lines = results.every((r) => r.plan.mode === first.plan.mode) && chartKind(first) === 'line';
  const chart: ReportChart = {
    canvasId: 'chart-comparison',
    title: `Comparison of ${results.length} runs (one colour per run)`,
    kind: lines ? 'line' : 'bars',
    xAxis: lines ? first.plan.xAxis : null,
    runs: results.map((_, i) => i),
  };
  const { head, rest } = splitAfterHead(formatComparison(compareResults(results), 'md'));
  const html = [
    '<section class="comparison" id="comparison">',
    renderMarkdown(head),
    figure(chart),
    renderMarkdown(rest),
    '</section>',
  ].join('\n');
  return { html, chart };
}
