/**
 * The Methods text in Simplified Chinese: every mode the English describes has its Chinese kernel
 * texts and notes (NOT_TRANSLATED lists a mode not translated yet; none is now), the Chinese output keeps every API name, file,
 * formula and number of the English, and no translated paragraph holds an English sentence (a run of four or more
 * English words outside code and quoted titles).
 */
import { describe, expect, it } from 'vitest';
import { methodModeIds, methodSections } from '../../../electron/model/methods';
import { MODE_METHODS } from '../../../electron/model/methods/kernels';
import { MODES_ZH_CN } from '../../../electron/model/words/zh-CN/modes';
import { METHODS_EN } from '../../../electron/model/words/en/methods';
import { METHODS_ZH_CN } from '../../../electron/model/words/zh-CN/methods';
import { MODES } from '../../../electron/model/modes';
import { runMethodLines, runMethodRows } from '../../../electron/model/methods/run-method';
import { allReferences } from './reference';

/** The modes whose kernels are not described in Chinese yet (their paragraphs stay English, marked lang="en"). */
const NOT_TRANSLATED: string[] = [];

const ids = methodModeIds();
/** Chinese mode titles and questions are the renderer's messages; here a stand-in in Chinese keeps the check pure. */
const zhModeText = (id: string) => ({ title: `标题 ${id}`, question: `问题 ${id}？` });
const english = methodSections(ids);
const chinese = methodSections(ids, METHODS_ZH_CN, zhModeText);

/** Runs of 4+ English words, outside `code` and “quoted titles” (cited works keep their titles). */
function englishRuns(text: string): string[] {
  const prose = text.replace(/`[^`]*`/g, ' ').replace(/“[^”]*”/g, ' ');
  return prose.match(/[A-Za-z][\w'’.-]*(?:[ \t]+[A-Za-z][\w'’.-]*){3,}/g) ?? [];
}

const codeSpans = (text: string) =>
  (text.match(/`[^`]*`/g) ?? []).map((s) => s.replaceAll('same param', '同一参数'));
const numbers = (text: string) => text.match(/\d+(?:[.,]\d+)*/g) ?? [];

describe('the Methods text in zh-CN', () => {
  it('describes every mode’s kernels and notes, except the modes listed as not translated yet', () => {
    const missing: string[] = [];
    for (const [id, method] of Object.entries(MODE_METHODS)) {
      if (NOT_TRANSLATED.includes(id)) {
        expect(MODES_ZH_CN[id], `${id} is listed as not translated`).toBeUndefined();
        continue;
      }
      const zh = MODES_ZH_CN[id];
      for (const k of method.kernels) if (!zh?.kernels[k.workload]) missing.push(`${id}/${k.workload}`);
      if (zh?.notes.length !== method.notes.length) missing.push(`${id}: notes`);
    }
    expect(missing).toEqual([]);
    const extra = Object.entries(MODES_ZH_CN).flatMap(([id, zh]) =>
      Object.keys(zh.kernels)
        .filter((w) => !MODE_METHODS[id]?.kernels.some((k) => k.workload === w))
        .map((w) => `${id}/${w}`),
    );
    expect(extra).toEqual([]);
  });

  it('has the same sections as the English, English paragraphs only for the modes not translated yet', () => {
    expect(chinese.map((s) => s.paragraphs.length)).toEqual(english.map((s) => s.paragraphs.length));
    const marked = chinese.flatMap((s, i) => (s.lang === 'en' ? [ids[i]] : []));
    expect(marked).toEqual(MODES.map((m) => m.info.id).filter((id) => NOT_TRANSLATED.includes(id)));
    chinese.forEach((s, i) => {
      if (s.lang === 'en') expect(s.paragraphs.slice(1)).toEqual(english[i]!.paragraphs.slice(1));
    });
    expect(english.every((s) => s.lang === undefined)).toBe(true);
  });

  it('writes a mode its words do not describe in English, marked, under a heading in their language', () => {
    const words = { ...METHODS_ZH_CN, modeFacts: () => null };
    const [warp] = methodSections(['warp'], words, zhModeText);
    expect(warp!.lang).toBe('en');
    expect(warp!.title).toBe('模式 `warp`：标题 warp');
    expect(warp!.paragraphs).toEqual(english[0]!.paragraphs);
  });

  it('holds no English sentence in a translated section, and is Chinese', () => {
    const found = chinese
      .filter((s) => s.lang !== 'en')
      .flatMap((s) =>
        [s.title, ...s.paragraphs].flatMap((p) => englishRuns(p).map((run) => `${s.title}: ${run}`)),
      );
    expect(found).toEqual([]);
    for (const s of chinese.filter((x) => x.lang !== 'en' && x.title !== 'compute-sanitizer')) {
      expect(s.title, s.title).toMatch(/[\u4e00-\u9fff]/);
      for (const p of s.paragraphs) expect(p, s.title).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('the check finds English sentences: every English section has some', () => {
    expect(english.filter((s) => s.paragraphs.some((p) => englishRuns(p).length > 0))).toHaveLength(
      english.length,
    );
  });

  it('keeps every API name, file, formula and number of the English', () => {
    const lost: string[] = [];
    chinese.forEach((s, i) => {
      if (s.lang === 'en') return;
      // The mode's question is the messages' (checked there); compare the paragraphs written from the code.
      const from = i < ids.length ? 1 : 0;
      const en = english[i]!.paragraphs.slice(from).join('\n');
      const zh = s.paragraphs.slice(from).join('\n');
      for (const span of codeSpans(en)) if (!zh.includes(span)) lost.push(`${english[i]!.title}: ${span}`);
      for (const n of numbers(en)) if (!zh.includes(n)) lost.push(`${english[i]!.title}: ${n}`);
    });
    expect(lost).toEqual([]);
  });

  it('words a result’s own plan in Chinese, with the English lines’ numbers', () => {
    const results = allReferences();
    expect(results.length).toBeGreaterThan(10);
    for (const [, result] of results) {
      const en = runMethodLines(result).join('\n');
      const zh = runMethodLines(result, METHODS_ZH_CN.run);
      expect(zh.flatMap(englishRuns), en).toEqual([]);
      for (const line of zh) expect(line).toMatch(/[\u4e00-\u9fff]/);
      expect(
        numbers(en).filter((n) => !zh.join('\n').includes(n)),
        en,
      ).toEqual([]);
      for (const row of runMethodRows(result, METHODS_ZH_CN.run).filter((r) => r.verification)) {
        expect(row.verification).toMatch(row.verificationFailed ? /^失败/ : /^通过（校验了 \d+ 个值）$/);
      }
    }
  });

  it('leaves the English words as they were', () => {
    expect(methodSections(ids, METHODS_EN)).toEqual(english);
    expect(Object.keys(METHODS_ZH_CN).sort()).toEqual(Object.keys(METHODS_EN).sort());
  });
});
