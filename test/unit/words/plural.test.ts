/**
 * Counts with their nouns in both languages (words/plural.ts and its users): English says 1 in the singular and
 * every other count in the plural, in labels, ratio names and the CLI's fleet words; Chinese keeps its measure word
 * for every count.
 */
import { describe, expect, it } from 'vitest';

import { MODES } from '../../../electron/model/modes';
import { parseParams } from '../../../electron/model/modes/params';
import { REPORT_EN } from '../../../electron/model/words/en/report';
import { countOf, nounFor } from '../../../electron/model/words/plural';
import { pointLabel, ratioName } from '../../../electron/model/words/point-labels';
import { h200Context, reference } from '../methods/reference';

describe('countOf', () => {
  it.each([
    ['warp', 'warps'],
    ['thread', 'threads'],
    ['block', 'blocks'],
    ['GPU', 'GPUs'],
    ['node', 'nodes'],
    ['run', 'runs'],
    ['point', 'points'],
    ['file', 'files'],
    ['task record', 'task records'],
  ])('says 1 %s and 2 %s, 0 and 1.5 in the plural', (one, many) => {
    expect(countOf(1, one)).toBe(`1 ${one}`);
    expect(countOf(2, one)).toBe(`2 ${many}`);
    expect(countOf(0, one)).toBe(`0 ${many}`);
    expect(countOf(1.5, one)).toBe(`1.5 ${many}`);
    expect(nounFor(1, one)).toBe(one);
    expect(nounFor(2, one)).toBe(many);
  });

  it('takes an irregular plural: 1 series, 2 series', () => {
    expect(countOf(1, 'series', 'series')).toBe('1 series');
    expect(countOf(2, 'series', 'series')).toBe('2 series');
  });
});

describe('labels and ratio names', () => {
  const one = { threadsPerBlock: 1, gridBlocks: 1 };
  const two = { threadsPerBlock: 2, gridBlocks: 2 };

  it('say an earlier core’s "1 threads × 1 blocks" in the singular in English, 2 stays plural', () => {
    const old = '__threadfence() alone, 1 threads × 1 blocks';
    expect(pointLabel({ label: old, launch: one }, 'en')).toEqual({
      text: '__threadfence() alone, 1 thread × 1 block',
      english: false,
    });
    const plural = '__threadfence() alone, 2 threads × 2 blocks';
    expect(pointLabel({ label: plural, launch: two }, 'en').text).toBe(plural);
    expect(pointLabel({ label: 'x, 11 threads × 21 blocks', launch: two }, 'en').text).toBe(
      'x, 11 threads × 21 blocks',
    );
  });

  it('are the same Chinese for the singular and the plural English, with the measure word', () => {
    for (const label of [
      '__threadfence() alone, 1 threads × 1 blocks',
      '__threadfence() alone, 1 thread × 1 block',
    ]) {
      expect(pointLabel({ label, launch: one }, 'zh-CN').text).toBe(
        '单独的 __threadfence()，1 个线程 × 1 个线程块',
      );
    }
    expect(ratioName('block/warp at 1 warps', 'en').text).toBe('block/warp at 1 warp');
    expect(ratioName('block/warp at 2 warps', 'en').text).toBe('block/warp at 2 warps');
    for (const name of ['block/warp at 1 warp', 'block/warp at 1 warps']) {
      expect(ratioName(name, 'zh-CN')).toEqual({ text: '线程块/线程束（1 个线程束时）', english: false });
    }
    expect(ratioName('block/warp at 2 warps', 'zh-CN').text).toBe('线程块/线程束（2 个线程束时）');
    expect(ratioName('device/block fence, alone (1 thread)', 'zh-CN').text).toBe(
      '设备/线程块级栅栏，单独（1 个线程）',
    );
  });
});

describe('modes name counts in the singular and plural', () => {
  it('fences: "1 thread × 1 block"; 2 threads in the plural', async () => {
    const mode = MODES.find((m) => m.info.id === 'fences')!;
    const params = parseParams(mode.info.params, { threadsList: [1, 2], blocksList: [1], definitions: [0] });
    const labels = (await mode.plan(params, h200Context())).map((p) => p.label);
    expect(labels).toContain('__threadfence() alone, 1 thread × 1 block');
    expect(labels).toContain('__threadfence() alone, 2 threads × 1 block');
    expect(labels.join('\n')).not.toMatch(/(^|[^\d.])1 (threads|blocks)\b/);
  });

  it('the chapter reference, made by its script, names its ratio "block/warp at 1 warp"', () => {
    const names = reference('chapter-rtx5090-sweep.json').ratios.map((r) => r.name);
    expect(names).toContain('block/warp at 1 warp (whole kernel)');
    expect(names).toContain('block/warp at 2 warps (whole kernel)');
  });
});

describe('the report’s words', () => {
  it('count the points of a mode: 1 point, 2 points', () => {
    expect(REPORT_EN.runPage.mode('`fences`', 1, 'complete')).toBe('`fences` · 1 point · status complete');
    expect(REPORT_EN.runPage.mode('`fences`', 2, 'complete')).toBe('`fences` · 2 points · status complete');
  });
});
