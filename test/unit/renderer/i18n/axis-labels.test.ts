/**
 * The line modes' x-axis labels in zh-CN: every label a mode of this core writes has its Chinese, and
 * charts use it; a label the table does not hold (a result file from another core) keeps its English.
 */
import { describe, expect, it } from 'vitest';
import { MODES } from '../../../../electron/model/modes';
import { axisLabel } from '../../../../electron/model/words/axis-labels';
import { AXIS_LABELS_ZH_CN } from '../../../../electron/model/words/zh-CN/axis-labels';
import { buildChartModel, type ChartSpec } from '../../../../renderer/figures/config';
import { sweepPoints } from '../points';

const LABELS = MODES.flatMap((m) => (m.xAxis ? [m.xAxis.label] : []));

describe('x-axis labels in zh-CN', () => {
  it('hold every line mode’s label, and no label of no mode', () => {
    expect(LABELS.length).toBeGreaterThan(5);
    expect([...new Set(LABELS)].sort()).toEqual(Object.keys(AXIS_LABELS_ZH_CN).sort());
  });

  it('are Chinese, and keep the English of a label they do not hold and of English', () => {
    for (const label of LABELS) {
      expect(axisLabel(label, 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
      expect(axisLabel(label, 'en')).toBe(label);
    }
    expect(axisLabel('warps per block (v99)', 'zh-CN')).toBe('warps per block (v99)');
  });

  it('title a zh-CN chart’s x axis', () => {
    const spec: ChartSpec = {
      kind: 'line',
      xAxis: { key: 'nwarps', label: 'warps per block', log: true },
      units: 'ns',
      axis: 'linear',
      theme: 'light',
      title: 'sweep',
      replay: false,
    };
    const title = (locale: 'en' | 'zh-CN') =>
      (
        buildChartModel({ ...spec, locale }, sweepPoints(4)).config.options?.scales?.x as {
          title: { text: string };
        }
      ).title.text;
    expect(title('zh-CN')).toBe('每个线程块的线程束数');
    expect(title('en')).toBe('warps per block');
  });
});
