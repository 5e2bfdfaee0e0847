// @vitest-environment happy-dom
/**
 * The reports in Simplified Chinese: the Markdown page of a run and of a comparison, and the HTML
 * report, have Chinese headings, table headers and sentences; numbers and dates as the UI writes them in zh-CN; the
 * comparison's notes in the host's Chinese templates; the page script draws the charts in the report's language.
 * Point labels and ratio names are rebuilt in Chinese from the file's, as the UI does. What stays as it is:
 * result-file data (run names), mode ids, API and field names in code. The English output is held by english-report.test.ts.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { exportCommand } from '../../../electron/cli/export-command';
import { compareResults, formatComparison } from '../../../electron/core/compare';
import { formatResult } from '../../../electron/core/format';
import { reportWords } from '../../../electron/core/format/report-locale';
import { buildHtmlReport } from '../../../electron/core/report';
import { REPORT_DATA_ID, type ReportData } from '../../../electron/model/report/data';
import type { ResultFile } from '../../../electron/model/results/schema';
import { NOW, readReportReferences, REF, STUB_ASSETS } from './report-fixtures';
import { reportChartConfigs } from '../../../renderer/report/draw';
import { translatorFor } from '../../../renderer/figures/translate';
import { englishWords, latinWords } from '../renderer/english-words';
import { pointLabel, ratioName } from '../../../electron/model/words/point-labels';

const ZH = reportWords('zh-CN');

let modes: ResultFile;
let sanitized: ResultFile;
let published: ResultFile;

beforeAll(async () => {
  ({ modes, sanitized, published } = await readReportReferences());
});

/** The headings below the title (`## `, `### `) of a Markdown page, without their code spans. */
function subheadings(md: string): string[] {
  return md
    .split('\n')
    .filter((l) => /^#{2,6} /.test(l))
    .map((l) => l.replace(/`[^`]*`/g, ''));
}

/** The header row of every Markdown table (the line before a `| - |` rule), as cells. */
function tableHeaders(md: string): string[][] {
  const lines = md.split('\n');
  return lines.flatMap((line, i) =>
    /^\|[\s|:-]+\|$/.test(lines[i + 1] ?? '') && line.startsWith('|')
      ? [
          line
            .slice(1, -1)
            .split('|')
            .map((c) => c.trim()),
        ]
      : [],
  );
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('the Markdown page of a run in zh-CN', () => {
  it('has Chinese headings, fields and table headers; data and code stay as they are', () => {
    const md = formatResult(modes, 'md', { locale: 'zh-CN' });
    expect(md.startsWith(`# ${modes.name}\n`)).toBe(true);
    expect(subheadings(md).slice(0, 8)).toEqual([
      '## 方法',
      '### 本次运行的两种数值',
      '### 模式 ：汇总表：线程束、线程块、网格、阶段',
      '### 差分法',
      '### 计时器、周期数与时钟',
      '### 停止规则、噪声点与降频点',
      '### 统计量与冷启动',
      '### 校验',
    ]);
    expect(subheadings(md).slice(-5)).toEqual(['## 各点', '## 主要比值', '## 标记', '## 备注', '## 来源']);
    expect(latinWords(subheadings(md))).toEqual([]);
    const headers = tableHeaders(md);
    expect(headers).toHaveLength(3);
    expect(headers[1]!.slice(0, 3)).toEqual(['序号', '系列', '标签']);
    expect(headers[2]).toEqual(['比值', '数值', '分子', '分母']);
    // Field-like short names (lo, hi, x, ns, ms, µs, CI) are shorter than three letters: what is left is Chinese.
    expect(latinWords(headers.flat())).toEqual([]);
    expect(md).toContain('- **模式：** `modes` · 5 个点 · 状态：完成');
    expect(md).toContain('计算能力 9.0，132 个 SM，SM 时钟最高 1,980 MHz');
    expect(md).toContain('- **日期：** 2026年12月1日 10:12:59 UTC 至 2026年12月1日 10:13:00 UTC');
    // Point labels and ratio names are rebuilt in Chinese from the file's, as the UI shows them.
    for (const p of modes.points) expect(md).toContain(pointLabel(p, 'zh-CN').text);
    expect(md).toContain('| 线程束：8 个线程束 × 132 个线程块 ');
    for (const r of modes.ratios) expect(md).toContain(`| ${ratioName(r.name, 'zh-CN').text} `);
    expect(md).not.toContain('warps × 132 blocks');
    expect(md).toContain('噪声达标（16 次重复）');
    expect(md).not.toContain('Headline ratios');
  });

  it('says what a published result is, in Chinese', () => {
    const md = formatResult(published, 'md', { locale: 'zh-CN' });
    expect(md).toContain('- 数值抄自 ');
    expect(md).toContain('已发表的参考数据，并非本产品测得：');
    expect(latinWords(subheadings(md))).toEqual([]);
  });

  it('leaves CSV and JSON as they are (data)', () => {
    for (const format of ['csv', 'json'] as const) {
      expect(formatResult(modes, format, { locale: 'zh-CN' })).toBe(formatResult(modes, format));
    }
  });
});

describe('the comparison page in zh-CN', () => {
  it('words the runs, the notes of what differs, the columns, the verdicts and the rule in Chinese', () => {
    const md = formatComparison(compareResults([modes, published]), 'md', ZH);
    expect(md.startsWith('# 2 个运行的对比\n')).toBe(true);
    expect(subheadings(md)).toEqual(['## 不同之处', '## 各点', '## 结论']);
    const [runs, points] = tableHeaders(md);
    expect(runs).toEqual(['运行', '名称', 'id', '设备', '模式', '创建时间', '来源']);
    expect(points!.slice(0, 6)).toEqual(['系列', '标签', 'x', '指标', '单位', '不正确']);
    expect(points).toContain('运行 2 结论');
    expect(points).toContain('运行 2 下限');
    expect(points).toContain('运行 2 标签');
    expect(latinWords([...runs!, ...points!])).toEqual([]);
    expect(md).toContain('- 设备不同：运行 1 为 NVIDIA H200、运行 2 为 NVIDIA GeForce RTX 5090。');
    expect(md).toMatch(/- 运行 2 对比运行 1：更快 \d+ 个，更慢 \d+ 个，相同 \d+ 个，不确定 \d+ 个。/);
    expect(md).toContain('第一个运行中位数的 2% 中较大者');
    expect(md).not.toContain('Differences');
  });
});

describe('the HTML report in zh-CN', () => {
  const build = () => buildHtmlReport([modes, sanitized, published], STUB_ASSETS, { now: NOW, words: ZH });

  it('is marked zh-CN, and its headings, table headers and captions are Chinese', () => {
    const html = build();
    expect(html).toContain('<html lang="zh-CN">');
    const doc = parse(html);
    expect(doc.title).toBe('3 个运行的对比');
    expect(doc.querySelector('.report-meta')!.textContent).toContain(
      '报告，生成于 2000年1月2日 03:04:05 UTC。',
    );
    // h1 is a run's name (result-file data); every other heading and every table header is Chinese. The captions
    // name the chart: a mode id and a run's name, taken out here as data.
    for (const el of doc.querySelectorAll('figcaption')) {
      for (const r of [modes, sanitized, published]) el.textContent = el.textContent!.replace(r.name, '');
      el.textContent = el.textContent!.replace(/^\w+ — /, '');
    }
    const words = [...doc.querySelectorAll('h2, h3, h4, th, figcaption, noscript')].flatMap((el) =>
      englishWords({ element: el }),
    );
    // Names: the tool (compute-sanitizer), the language charts need, an API in a mode's title (__syncthreads).
    const names = ['compute', 'sanitizer', 'JavaScript', 'syncthreads'];
    expect(words.filter((w) => !names.includes(w))).toEqual([]);
    const sanitizerHeads = [...doc.querySelectorAll('section.sanitizer th')].map((th) => th.textContent);
    expect(sanitizerHeads).toEqual(['工具', '内核', '预期', '错误', '警告', '结论', '摘要']);
    expect(doc.querySelector('.published-banner')!.textContent).toMatch(/^发表于 .*，并非本产品测得。$/);
  });

  it('tells the page script its language, and the script draws the charts in it', () => {
    const doc = parse(build());
    const data = JSON.parse(doc.getElementById(REPORT_DATA_ID)!.textContent!) as ReportData;
    expect(data.locale).toBe('zh-CN');
    expect(data.charts.map((c) => c.title)).toEqual([
      '3 个运行的对比（每个运行一种颜色）',
      `modes — ${modes.name}`,
      `correctness — ${sanitized.name}`,
      // The published run's name says so in English (data); the report says it in Chinese too.
      `modes — ${published.name}（已发表数据，非本产品测得）`,
    ]);
    const [config] = reportChartConfigs(data.charts[1]!, data);
    expect(config!.options?.locale).toBe('zh-CN');
    expect(config!.options?.plugins?.subtitle?.text).toBe(translatorFor('zh-CN')('chart.errorBarNote'));
    expect(config!.options?.plugins?.title?.text).toBe(`modes — ${modes.name}`);
    const english = JSON.parse(
      parse(buildHtmlReport([modes], STUB_ASSETS, { now: NOW })).getElementById(REPORT_DATA_ID)!.textContent!,
    ) as ReportData;
    expect(english.locale).toBeUndefined();
    expect(reportChartConfigs(english.charts[0]!, english)[0]!.options?.locale).toBe('en');
  });
});

describe('syncbench export --locale', () => {
  it('writes Markdown in the language asked for, and English by default', async () => {
    const out: string[] = [];
    const spy = vi
      .spyOn(process.stdout, 'write')
      // As a real stream does, the write's callback is called (the CLI waits for it: output.ts writeStream).
      .mockImplementation((chunk: unknown, ...rest: unknown[]) => {
        out.push(String(chunk));
        const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
        done?.();
        return true;
      });
    try {
      expect(await exportCommand([`${REF}/h200-modes.json`], { format: 'md', locale: 'zh-CN' })).toBe(0);
      expect(await exportCommand([`${REF}/h200-modes.json`], { format: 'md' })).toBe(0);
    } finally {
      spy.mockRestore();
    }
    // A file of the shipped folder is a reference dataset: the CLI says so in both languages.
    const referenceIds = new Set([modes.id]);
    expect(out.join('')).toBe(
      formatResult(modes, 'md', { locale: 'zh-CN', referenceIds }) +
        formatResult(modes, 'md', { referenceIds }),
    );
    expect(out.join('')).toContain('- **出处：** 参考数据集，不是这块 GPU：');
  });
});
