/**
 * Point labels and ratio names in the UI's language (electron/model/words/point-labels.ts): in zh-CN every label and
 * ratio the start page's reference datasets show, and every one the modes, sweep and fences modes of this core plan,
 * is rebuilt in Chinese from its structure; in English and for labels that cannot be rebuilt the recorded English
 * stays, said so.
 */
import { describe, expect, it } from 'vitest';
import { MODES } from '../../../electron/model/modes';
import { parseParams } from '../../../electron/model/modes/params';
import { labelAmong, pointLabel, ratioName, seriesName } from '../../../electron/model/words/point-labels';
import { h200Context, reference } from '../methods/reference';

const START_PAGE = ['h200-modes', 'h200-sweep', 'h200-fences', 'chapter-rtx5090-modes'];
const LATIN_WORD = /[A-Za-z]{3,}/g;
/** Latin words left once API names (with `()` or `::`), grid.sync and CUDA's atomicAdd are taken out. */
const english = (text: string) =>
  text.replace(/[\w:.]*\(\)|grid\.sync|atomicAdd/g, ' ').match(LATIN_WORD) ?? [];

describe('point labels in zh-CN', () => {
  it('rebuild the examples from the launch, API names kept', () => {
    const launch = { threadsPerBlock: 256, gridBlocks: 132 };
    expect(pointLabel({ label: '__syncthreads(), 8 warps × 132 blocks', launch }, 'zh-CN')).toEqual({
      text: '__syncthreads()，8 个线程束 × 132 个线程块',
      english: false,
    });
    const one = { threadsPerBlock: 32, gridBlocks: 1 };
    expect(pointLabel({ label: 'grid: 1 warp × 1 block', launch: one }, 'zh-CN').text).toBe(
      '网格：1 个线程束 × 1 个线程块',
    );
    const thread = { threadsPerBlock: 1, gridBlocks: 1 };
    expect(
      pointLabel({ label: '__threadfence() alone, 1 thread × 1 block', launch: thread }, 'zh-CN').text,
    ).toBe('单独的 __threadfence()，1 个线程 × 1 个线程块');
    const verified = 'shared-memory hand-off, 8 warps × 132 blocks (verified)';
    expect(pointLabel({ label: verified, launch }, 'zh-CN')).toEqual({
      text: '共享内存交接，8 个线程束 × 132 个线程块（已校验）',
      english: false,
    });
  });

  it('keep the English of English, of a head without words and of a shape that is not the launch’s', () => {
    const launch = { threadsPerBlock: 256, gridBlocks: 132 };
    const label = 'grid: 8 warps × 132 blocks';
    expect(pointLabel({ label, launch }, 'en')).toEqual({ text: label, english: false });
    const unknown = 'a new barrier, 8 warps × 132 blocks';
    expect(pointLabel({ label: unknown, launch }, 'zh-CN')).toEqual({ text: unknown, english: true });
    // The label says 4 warps but the point launched 8: not rebuilt from a launch it does not describe.
    const other = 'grid: 4 warps × 132 blocks';
    expect(pointLabel({ label: other, launch }, 'zh-CN')).toEqual({ text: other, english: true });
  });

  it.each(START_PAGE)('are Chinese for every point and ratio of %s', (name) => {
    const result = reference(`${name}.json`);
    for (const point of result.points) {
      const shown = pointLabel(point, 'zh-CN');
      expect(shown.english, point.label).toBe(false);
      expect(english(shown.text), shown.text).toEqual([]);
      // English as recorded, but for a count of 1 that an earlier core wrote with a plural noun.
      expect(pointLabel(point, 'en').text).toBe(
        point.label.replace(/(^|[^\d.])1 (warp|thread|block)s\b/g, '$11 $2'),
      );
      expect(pointLabel(point, 'en').text).not.toMatch(/(^|[^\d.])1 (warps|threads|blocks)\b/);
    }
    expect(result.ratios.length).toBeGreaterThan(0);
    for (const ratio of result.ratios) {
      const shown = ratioName(ratio.name, 'zh-CN');
      expect(shown.english, ratio.name).toBe(false);
      expect(english(shown.text), shown.text).toEqual([]);
      expect(labelAmong(ratio.numerator, result.points, 'zh-CN').english).toBe(false);
      expect(ratioName(ratio.name, 'en')).toEqual({
        text: ratio.name.replace(/(^|[^\d.])1 (warp|thread|block)s\b/g, '$11 $2'),
        english: false,
      });
    }
  });

  it.each(['modes', 'sweep', 'fences'])('are Chinese for every point the %s mode plans', async (id) => {
    const mode = MODES.find((m) => m.info.id === id)!;
    const points = await mode.plan(parseParams(mode.info.params, {}), h200Context());
    expect(points.length).toBeGreaterThan(0);
    for (const point of points) {
      const shown = pointLabel({ label: point.label, launch: point.spec.launch }, 'zh-CN');
      expect(shown.english, point.label).toBe(false);
    }
  });
});

describe('ratio names in zh-CN', () => {
  it('put numbers back where they were, and keep a name without words in English', () => {
    expect(ratioName('block/warp at 16 warps', 'zh-CN').text).toBe('线程块/线程束（16 个线程束时）');
    expect(ratioName('grid at 4/SM vs 1 block', 'zh-CN').text).toBe('每个 SM 4 个线程块的网格 vs 1 个线程块');
    expect(ratioName('tiles/warp', 'zh-CN')).toEqual({ text: 'tiles/warp', english: true });
  });
});

describe('series ids in zh-CN', () => {
  it('stay identifiers, their block count said in Chinese', () => {
    expect(seriesName('fence:block:alone × 132 blocks', 'zh-CN')).toBe('fence:block:alone × 132 个线程块');
    expect(seriesName('fence:block:alone × 1 block', 'zh-CN')).toBe('fence:block:alone × 1 个线程块');
    expect(seriesName('fence:block:alone × 1 block', 'en')).toBe('fence:block:alone × 1 block');
    expect(seriesName('phases_grid', 'zh-CN')).toBe('phases_grid');
  });
});
