// @vitest-environment happy-dom
/**
 * The run page of a zh-CN report (Markdown, and the HTML and PDF built from it) says its fields and notes in
 * Chinese: the driver as the core records it ("580.159.04 (supports CUDA 13.0)"), a published dataset's "not
 * published" placeholders, and the notes the core writes about a run's points and its sanitizer runs. What stays
 * English is data: names, labels, a tool's own summary line, and a published file's own notes, said so.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import { formatResult } from '../../../electron/core/format';
import { notesOf } from '../../../electron/core/measure/run-notes';
import { reportWords } from '../../../electron/core/format/report-locale';
import { buildHtmlReport } from '../../../electron/core/report';
import type { ResultFile } from '../../../electron/model/results/schema';
import { syntheticResult } from '../../fixtures/synthetic-result';
import { latinWords } from '../renderer/english-words';
import { NOW, readReportReferences, STUB_ASSETS } from './report-fixtures';

let modes: ResultFile;
let sanitized: ResultFile;
let published: ResultFile;

beforeAll(async () => {
  ({ modes, sanitized, published } = await readReportReferences());
});

const zh = (r: ResultFile) => formatResult(r, 'md', { locale: 'zh-CN' });

/** The run's fields: the lines "- **版本：** …" before the method. */
const fields = (md: string) =>
  md
    .slice(0, md.indexOf('## 方法'))
    .split('\n')
    .filter((l) => l.startsWith('- **'));
const field = (md: string, label: string) => fields(md).find((l) => l.startsWith(`- **${label}：**`))!;
/** The notes section's lines. */
const notes = (md: string) =>
  md
    .slice(md.indexOf('## 备注'), md.indexOf('## 来源'))
    .split('\n')
    .filter((l) => l.length > 0 && !l.startsWith('#'));

describe('a zh-CN run page: fields', () => {
  it('says the driver the core records in Chinese', () => {
    const line = field(zh(modes), '版本');
    expect(modes.provenance.driverVersion).toMatch(/ \(supports CUDA [\d.]+\)$/);
    expect(line).toMatch(/^- \*\*版本：\*\* 驱动 [\d.]+（支持 CUDA [\d.]+），运行时 [\d.]+；/);
    expect(latinWords([line])).toEqual([]);
    const alone = { ...modes, provenance: { ...modes.provenance, driverVersion: 'supports CUDA 13.0' } };
    expect(field(zh(alone), '版本')).toContain('驱动 支持 CUDA 13.0，');
  });

  it('says a published dataset’s placeholders in Chinese; its own names stay', () => {
    const md = zh(published);
    expect(field(md, '版本')).toBe('- **版本：** 驱动 未发表，运行时 未发表');
    expect(field(md, '主机')).toBe('- **主机：** 未发表（未发表 未发表，未发表，未发表，Node 未发表）');
    expect(field(md, '应用')).toContain('版本未发表（提交 未发表）');
    expect(fields(md).join('\n')).not.toMatch(/not published|supports CUDA/);
  });
});

describe('a zh-CN run page: notes', () => {
  it('says the core’s notes about a run’s points in Chinese, labels kept', () => {
    const base = syntheticResult();
    const points = base.points.map((p, i) => ({ ...p, noisy: i === 0, incorrect: i === 1 }));
    const run = { ...base, points, notes: notesOf(points) };
    expect(run.notes.length).toBeGreaterThanOrEqual(3);
    const lines = notes(zh(run));
    expect(lines).toHaveLength(run.notes.length);
    expect(lines).toContain('- 1 个点在达到噪声目标之前停止（标为噪声大，保留）。');
    expect(lines.some((l) => l.includes('个点测量的是不正确的协议'))).toBe(true);
    expect(latinWords(lines.map((l) => l.replace(/volatile|SASS/g, '')))).toEqual([]);
    // English keeps the core's words.
    const en = formatResult(run, 'md');
    expect(en.slice(en.indexOf('## Notes'), en.indexOf('## Source'))).toContain(`- ${run.notes[0]}`);
  });

  it('says a sanitizer run’s note in Chinese; its target and the tool’s summary line stay as recorded', () => {
    const lines = notes(zh(sanitized));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatch(/^- compute-sanitizer (racecheck|synccheck)，目标 .+：.+（.+，符合预期）。$/);
    }
  });

  it('keeps a published file’s own notes as written, and says they are its English', () => {
    const lines = notes(zh(published));
    expect(lines.slice(0, -1)).toEqual(published.notes.map((n) => expect.stringContaining(n.slice(0, 30))));
    expect(lines.at(-1)).toBe('未译出的备注是结果文件记录的原文（英文）。');
    expect(notes(zh(modes))).toEqual(['无。']);
  });

  it('words the comparison’s labels in Chinese in the HTML report, each run’s own launch', () => {
    const html = buildHtmlReport([modes, published], STUB_ASSETS, { now: NOW, words: reportWords('zh-CN') });
    const shown = html.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(shown).toContain('<td>线程束：8 个线程束 × 170 个线程块</td>');
    expect(shown).not.toMatch(/<td>warp: 8 warps/);
  });

  it('is what the zh-CN HTML report shows', () => {
    const html = buildHtmlReport([modes, published], STUB_ASSETS, { now: NOW, words: reportWords('zh-CN') });
    expect(html).toContain('驱动 580.159.04（支持 CUDA 13.0）');
    expect(html).toContain('驱动 未发表，运行时 未发表');
    expect(html).toContain('未译出的备注是结果文件记录的原文（英文）。');
    // Compare's note of what differs words the driver too.
    expect(html).toContain('运行 1 为 580.159.04（支持 CUDA 13.0）');
    const shown = html.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(shown).not.toContain('(supports CUDA');
  });
});
