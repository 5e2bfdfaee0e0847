/**
 * The single-file HTML report of one run or a comparison: the product's Markdown pages rendered, a
 * canvas per chart, the result files embedded whole as JSON, the page script and stylesheet inlined. A Content
 * Security Policy allows exactly that script and that stylesheet (by hash) and nothing from anywhere else, so the
 * file opens offline, and text from a result file can run nothing.
 */
import { createHash } from 'node:crypto';

import { APP_NAME, APP_VERSION } from '../app-info';
import type { ReportWords } from '../../model/words/report';
import { provenanceText } from '../format/provenance';
import { REPORT_WORDS_EN } from '../format/report-locale';
import type { ResultFile } from '../../model/results/schema';
import type { ReportAssets } from './assets';
import {
  REPORT_DATA_FORMAT,
  REPORT_DATA_ID,
  REPORT_DATA_VERSION,
  type ReportData,
} from '../../model/report/data';
import { escapeHtml } from './markdown';
import { comparisonPart, runPart, type ReportPart } from './sections';

export interface HtmlReportOptions {
  /** When the report is made, for its header (default: now). */
  now?: Date;
  /** The report's language: its words, number and date formats, and its charts' (default: English). */
  words?: ReportWords;
  /**
   * The ids of the reference datasets shipped with the app (resources/reference): their pages, and a comparison's
   * header, say they were not measured on this GPU (default none).
   */
  referenceIds?: ReadonlySet<string>;
}

/** CSP source of an inline element's exact text. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The ReportData as text that cannot end its `<script>` element early: every `<` is written as the JSON escape
 * `\u003c`, which JSON.parse reads back as `<`.
 */
function embeddedJson(data: ReportData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** @throws Error when the script could end or comment out its own element (it never should: built code). */
function checkInlineScript(script: string): void {
  if (/<\/script|<!--/i.test(script)) {
    throw new Error('The report page script contains "</script" or "<!--" and cannot be inlined safely.');
  }
}

function title(results: readonly ResultFile[], words: ReportWords): string {
  return results.length === 1 ? results[0]!.name : words.comparison.title(results.length);
}

/**
 * The page header: what the file is, and for a comparison one provenance line per run (a single run's page starts
 * with its own).
 */
function header(
  results: readonly ResultFile[],
  now: Date,
  words: ReportWords,
  referenceIds: ReadonlySet<string>,
): string {
  const published = results.filter((r) => r.source.kind === 'published').length;
  const note = words.html.publishedNote(published, results.length);
  const text = words.html.header(`${APP_NAME} ${APP_VERSION}`, words.date(now.toISOString()), note);
  const runs =
    results.length > 1
      ? results.map((r, i) => {
          const line = provenanceText(r, referenceIds.has(r.id), words);
          return `\n<p class="provenance">${escapeHtml(words.html.runProvenance(i + 1, line))}</p>`;
        })
      : [];
  return `<header class="report-meta"><p>${escapeHtml(text)}</p>${runs.join('')}</header>`;
}

/**
 * The report of `results`: one run, or (two or more) their comparison followed by each run.
 * @throws RangeError when `results` is empty; Error when the page script cannot be inlined.
 */
export function buildHtmlReport(
  results: readonly ResultFile[],
  assets: ReportAssets,
  options: HtmlReportOptions = {},
): string {
  if (results.length === 0) throw new RangeError('buildHtmlReport: no results');
  checkInlineScript(assets.script);
  const words = options.words ?? REPORT_WORDS_EN;
  const referenceIds = options.referenceIds ?? new Set<string>();
  const parts: ReportPart[] = [
    ...(results.length > 1 ? [comparisonPart(results, words, referenceIds)] : []),
    ...results.map((_, i) => runPart(results, i, words, referenceIds)),
  ];
  const data: ReportData = {
    format: REPORT_DATA_FORMAT,
    version: REPORT_DATA_VERSION,
    results: [...results],
    charts: parts.map((p) => p.chart),
    // English, the default, is left out: the data of an English report is as it always was.
    ...(words.locale === 'en' ? {} : { locale: words.locale }),
  };
  const csp = [
    "default-src 'none'",
    `script-src ${hashSource(assets.script)}`,
    `style-src ${hashSource(assets.css)}`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    `<html lang="${words.locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="generator" content="${escapeHtml(`${APP_NAME} ${APP_VERSION}`)}">`,
    `<title>${escapeHtml(title(results, words))}</title>`,
    `<style>${assets.css}</style>`,
    '</head>',
    '<body>',
    header(results, options.now ?? new Date(), words, referenceIds),
    '<main>',
    ...parts.map((p) => p.html),
    '</main>',
    `<script type="application/json" id="${REPORT_DATA_ID}">${embeddedJson(data)}</script>`,
    `<script>${assets.script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
