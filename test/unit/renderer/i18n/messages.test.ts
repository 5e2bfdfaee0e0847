/** The renderer's messages: en and zh-CN have the same keys, and every placeholder of a message in both. */
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../renderer/i18n';
import { UI_EN as en } from '../../../../electron/model/words/en/ui';
import { UI_ZH_CN as zhCN } from '../../../../electron/model/words/zh-CN/ui';

function flatten(messages: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value as object, `${prefix}${key}.`)),
    ),
  );
}

describe('UI messages', () => {
  const english = flatten(en);
  const chinese = flatten(zhCN);

  it('exist in both languages under the same keys', () => {
    const missingZh = Object.keys(english).filter((k) => !(k in chinese));
    const missingEn = Object.keys(chinese).filter((k) => !(k in english));
    expect(missingZh, `missing in zh-CN.ts:\n  ${missingZh.join('\n  ')}`).toEqual([]);
    expect(missingEn, `missing in en.ts:\n  ${missingEn.join('\n  ')}`).toEqual([]);
  });

  it('keep every {placeholder} of the English message', () => {
    for (const [key, text] of Object.entries(english)) {
      // A plural message names its count once per form ("{n} run | {n} runs"); Chinese has one form.
      const names = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
      expect(names(chinese[key] ?? ''), key).toEqual(names(text));
    }
  });
});

describe('counts in the UI', () => {
  const t = (key: string, n: number, locale: 'en' | 'zh-CN') => i18n.global.t(key, n, { locale });

  it.each([
    ['runs', 'run', 'runs', '次运行'],
    ['gpus', 'GPU', 'GPUs', '块 GPU'],
    ['nodes', 'node', 'nodes', '个节点'],
  ])(
    'fleetView.counts.%s: 1 %s and 2 %s in English, the measure word %s in Chinese',
    (key, one, many, zh) => {
      expect(t(`fleetView.counts.${key}`, 1, 'en')).toBe(`1 ${one}`);
      expect(t(`fleetView.counts.${key}`, 2, 'en')).toBe(`2 ${many}`);
      expect(t(`fleetView.counts.${key}`, 6, 'en')).toBe(`6 ${many}`);
      expect(t(`fleetView.counts.${key}`, 1, 'zh-CN')).toBe(`1 ${zh}`);
      expect(t(`fleetView.counts.${key}`, 2, 'zh-CN')).toBe(`2 ${zh}`);
    },
  );

  it('the Fleet view says "6 runs of 1 GPU on 1 node"', () => {
    const opened = (locale: 'en' | 'zh-CN', runs: number, gpus: number, nodes: number) =>
      i18n.global.t(
        'fleetView.opened',
        {
          file: 'fleet.json',
          runs: t('fleetView.counts.runs', runs, locale),
          gpus: t('fleetView.counts.gpus', gpus, locale),
          nodes: t('fleetView.counts.nodes', nodes, locale),
          date: 'today',
        },
        { locale },
      );
    expect(opened('en', 6, 1, 1)).toBe('fleet.json: 6 runs of 1 GPU on 1 node, merged today.');
    expect(opened('en', 1, 2, 2)).toBe('fleet.json: 1 run of 2 GPUs on 2 nodes, merged today.');
    expect(opened('zh-CN', 6, 1, 1)).toBe('fleet.json：1 块 GPU（1 个节点）的 6 次运行，合并于 today。');
  });

  it('the Run view says "1 point to measure." and "2 points to measure."', () => {
    const toMeasure = (n: number, locale: 'en' | 'zh-CN') =>
      i18n.global.t('views.run.toMeasure', { count: n }, { plural: n, locale });
    expect(toMeasure(1, 'en')).toBe('1 point to measure.');
    expect(toMeasure(2, 'en')).toBe('2 points to measure.');
    expect(toMeasure(1, 'zh-CN')).toBe('将测量 1 个点。');
    expect(toMeasure(2, 'zh-CN')).toBe('将测量 2 个点。');
  });

  it('a profile says "Also 1 launch" and "Also 2 launches"', () => {
    const other = (n: number, locale: 'en' | 'zh-CN') =>
      i18n.global.t(
        'profileView.kernel.otherShape',
        { launches: n, grid: 'g', block: 'b' },
        { plural: n, locale },
      );
    expect(other(1, 'en')).toBe('Also 1 launch with grid g, block b.');
    expect(other(2, 'en')).toBe('Also 2 launches with grid g, block b.');
    expect(other(1, 'zh-CN')).toBe('另有 1 次启动，网格 g，线程块 b。');
  });
});
