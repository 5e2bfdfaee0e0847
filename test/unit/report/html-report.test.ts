/**
 * The single-file HTML report, built in Node from the real page assets: self-contained (nothing fetched, a CSP that
 * allows exactly its own script and style), holding the tables, the chart script and the result files whole (which
 * re-import equal), labelling published numbers, escaping text from result files, and comparing runs.
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { methodSections } from '../../../electron/model/methods';
import {
  buildHtmlReport,
  loadReportAssets,
  reportBuilder,
  ReportAssetsError,
  type ReportAssets,
} from '../../../electron/core/report';
import { REPORT_DATA_ID, type ReportData } from '../../../electron/model/report/data';
import { parseResultFile, readResultFile, serializeResultFile } from '../../../electron/core/results/io';
import type { ResultFile } from '../../../electron/model/results/schema';
import { syntheticResult } from '../../fixtures/synthetic-result';
import { buildReportAssets } from './built-assets';

const REF = path.resolve(import.meta.dirname, '../../../resources/reference');
const NOW = new Date('2000-01-02T03:04:05.000Z');

let dir: string;
let assets: ReportAssets;
let modes: ResultFile;
let sanitized: ResultFile;

beforeAll(async () => {
  ({ dir, assets } = await buildReportAssets());
  modes = await readResultFile(path.join(REF, 'h200-modes.json'));
  sanitized = await readResultFile(path.join(REF, 'h200-correctness_sanitizer.json'));
}, 120_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

/** The contents of every element named `tag` (e.g. script), in order. */
function elements(html: string, tag: string): { attrs: string; text: string }[] {
  return [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => ({
    attrs: m[1] ?? '',
    text: m[2] ?? '',
  }));
}

/** The embedded ReportData, parsed as the page script parses it. */
function embedded(html: string): ReportData {
  const data = elements(html, 'script').find((s) => s.attrs.includes(`id="${REPORT_DATA_ID}"`));
  if (!data) throw new Error('no embedded data');
  return JSON.parse(data.text) as ReportData;
}

/** The page parsed as a browser would (happy-dom, scripts not run). */
function parsePage(html: string): Document {
  const window = new Window();
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

/** Elements and attributes that would load or link to something, or run code, anywhere in the page. */
function outsideReferences(doc: Document): string[] {
  const found: string[] = [];
  for (const el of doc.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['img', 'a', 'link', 'iframe', 'object', 'embed', 'base', 'form', 'video', 'audio'].includes(tag)) {
      found.push(`<${tag}>`);
    }
    for (const attr of el.getAttributeNames()) {
      if (/^(src|href|action|formaction|srcset|poster|data|xlink:href|on.*)$/i.test(attr)) {
        found.push(`${tag}[${attr}]`);
      }
    }
  }
  return found;
}

/** Whether `html` contains `text` (asserted with the text as message, so a failure does not print the page). */
function expectText(html: string, text: string, present = true): void {
  expect(html.includes(text), `${present ? 'missing' : 'unexpected'}: ${text}`).toBe(present);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('HTML report of one run', () => {
  it('inlines the page script and stylesheet, allowed by hash and nothing else', () => {
    const html = buildHtmlReport([modes], assets, { now: NOW });
    const scripts = elements(html, 'script');
    expect(scripts.map((s) => s.attrs.trim())).toEqual([
      `type="application/json" id="${REPORT_DATA_ID}"`,
      '',
    ]);
    expect(scripts[1]!.text).toBe(assets.script);
    const styles = elements(html, 'style');
    expect(styles.map((s) => s.text)).toEqual([assets.css]);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      `script-src ${sha256(assets.script)}`,
      `style-src ${sha256(assets.css)}`,
      "img-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ]);
  });

  it('refers to nothing outside itself', () => {
    const doc = parsePage(buildHtmlReport([modes, sanitized], assets, { now: NOW }));
    expect(outsideReferences(doc)).toEqual([]);
    expect(doc.querySelectorAll('canvas')).toHaveLength(3);
    expect(assets.css.match(/https?:\/\/|url\(|@import/gi)).toBeNull();
    expect(assets.script.match(/https?:\/\//gi)).toBeNull();
    expect(
      assets.script.match(/\b(fetch|XMLHttpRequest|WebSocket|EventSource|importScripts|sendBeacon)\b/g),
    ).toBeNull();
  });

  it('holds the tables, provenance, ratios and method as text, and a canvas for the chart', () => {
    const html = buildHtmlReport([modes], assets, { now: NOW });
    expectText(html, `<h1>${modes.name}</h1>`);
    expectText(html, 'NVIDIA H200, compute capability 9.0, 132 SMs');
    expectText(html, modes.provenance.driverVersion);
    expect(/<h2>Points<\/h2>\s*<table>/.test(html)).toBe(true);
    for (const point of modes.points) expectText(html, `<td>${point.label}</td>`);
    for (const ratio of modes.ratios) expectText(html, ratio.name);
    // How the mode's numbers are produced (electron/model/methods), through the Markdown page.
    for (const section of methodSections(['modes'])) {
      expectText(html, section.title.replace(/`([^`]*)`/g, '<code>$1</code>'));
    }
    expectText(html, '<canvas id="chart-run-1" width="900" height="400" role="img"');
    expect(embedded(html).charts).toEqual([
      { canvasId: 'chart-run-1', title: `modes — ${modes.name}`, kind: 'bars', xAxis: null, runs: [0] },
    ]);
    expectText(html, 'made Jan 2, 2000, 03:04:05 UTC');
  });

  it('shows the compute-sanitizer report when the run has one', () => {
    const html = buildHtmlReport([sanitized], assets, { now: NOW });
    expectText(html, '<h2>compute-sanitizer</h2>');
    expectText(html, sanitized.sanitizer!.version);
    for (const run of sanitized.sanitizer!.runs) expectText(html, run.summary);
    expectText(html, 'hazard detected, as planted');
    expectText(buildHtmlReport([modes], assets), '<h2>compute-sanitizer</h2>', false);
  });

  it('embeds each result file whole: it re-imports equal to the original', () => {
    const published = syntheticResult({ sourceKind: 'published', id: 'synthetic-published' });
    for (const result of [modes, sanitized, published]) {
      const html = buildHtmlReport([result], assets, { now: NOW });
      const [copy] = embedded(html).results;
      const reimported = parseResultFile(JSON.stringify(copy), 'report.html');
      expect(reimported).toEqual(result);
      expect(serializeResultFile(reimported)).toBe(serializeResultFile(result));
    }
  });

  it('labels published numbers as published, not measured by this product', () => {
    const published = syntheticResult({ sourceKind: 'published', id: 'synthetic-published' });
    const html = buildHtmlReport([published], assets, { now: NOW });
    expectText(
      html,
      '<p class="published-banner">Published in Synthetic citation (test fixture), 2000, not measured by this product.</p>',
    );
    expect(embedded(html).charts[0]!.title).toContain('(published, not measured by this product)');
    expectText(html, 'Its numbers are published, not measured by this product');
    expectText(buildHtmlReport([modes], assets), 'class="published-banner"', false);
  });

  it('escapes text from a result file: no markup, no links out', () => {
    const hostile = syntheticResult({
      id: 'synthetic-hostile',
      name: '<img src=x onerror=alert(1)></script><script>alert(2)</script>',
      notes: [
        'see [this](https://example.com/x) and ![i](https://example.com/i.png) <a href="https://e.com">a</a>',
      ],
    });
    const html = buildHtmlReport([hostile], assets, { now: NOW });
    const doc = parsePage(html);
    expect(doc.querySelectorAll('script')).toHaveLength(2);
    expect(outsideReferences(doc)).toEqual([]);
    expect(doc.querySelector('h1')?.textContent).toBe(hostile.name);
    expect(doc.title).toBe(hostile.name);
    expectText(doc.body.textContent ?? '', 'see [this](https://example.com/x)');
    expect(embedded(html).results[0]!.name).toBe(hostile.name);
  });
});

describe('HTML report of a comparison', () => {
  it('compares the runs first (overlaid chart of every run), then shows each run', () => {
    const other = syntheticResult({ id: 'synthetic-other', name: 'SYNTHETIC second run' });
    const html = buildHtmlReport([modes, other], assets, { now: NOW });
    expectText(html, '<h1>Comparison of 2 runs</h1>');
    expectText(html, '<h2>Differences</h2>');
    expectText(html, '<h2>Verdicts</h2>');
    expect(html.indexOf('id="comparison"')).toBeLessThan(html.indexOf('id="run-1"'));
    expect(html.indexOf('id="run-1"')).toBeLessThan(html.indexOf('id="run-2"'));
    expect(embedded(html).charts.map((c) => [c.canvasId, c.runs])).toEqual([
      ['chart-comparison', [0, 1]],
      ['chart-run-1', [0]],
      ['chart-run-2', [1]],
    ]);
    expect(embedded(html).results.map((r) => r.id)).toEqual([modes.id, other.id]);
    expectText(html, '<title>Comparison of 2 runs</title>');
  });

  it('refuses to build without results', () => {
    expect(() => buildHtmlReport([], assets)).toThrow(RangeError);
  });
});

describe('report assets', () => {
  it('reportBuilder reads the built page and builds the report', async () => {
    const html = await reportBuilder(dir)([modes]);
    expectText(html, `<script>${assets.script}</script>`);
  });

  it('says how to build the page when it is missing', async () => {
    const missing = path.join(os.tmpdir(), 'syncbench-no-report-assets');
    await expect(loadReportAssets(missing)).rejects.toThrow(ReportAssetsError);
    await expect(reportBuilder(missing)([modes])).rejects.toThrow(/npm run build:report/);
  });

  it('refuses a page script that could end its own element', () => {
    expect(() => buildHtmlReport([modes], { ...assets, script: 'x="</script>"' })).toThrow(
      /cannot be inlined/,
    );
  });
});
