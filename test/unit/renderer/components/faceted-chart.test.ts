// @vitest-environment happy-dom
/**
 * The Results view's small multiples (docs/figures.md#series-styles): a series defined alike (the measured `fences`
 * "fence:plain × 1 block" of each scope) has one colour, dash and marker in every facet on screen, in each facet's
 * PNG/SVG export configuration and in the CLI's figures (runFigures).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { nextTick } from 'vue';
import FacetedChart from '../../../../renderer/components/FacetedChart.vue';
import ChartExport from '../../../../renderer/components/export/ChartExport.vue';
import { isOverlay } from '../../../../renderer/figures/datasets';
import { runFigures } from '../../../../renderer/figures/figure';
import type { WorkbenchChartConfig } from '../../../../renderer/figures/config';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import { FIGURE_OPTIONS, reference } from '../charts/figure-fixtures';

beforeEach(() => {
  localStorage.clear();
  setActivePinia(createPinia());
});

const fences = reference('h200-fences.json');

/** "colour dash marker" and legend name of every series of a configuration, in dataset order. */
function styled(config: WorkbenchChartConfig): { key: string; look: string }[] {
  return config.data.datasets
    .filter((d) => !isOverlay(d))
    .map((d) => {
      const { seriesColor, borderDash, pointStyle } = d as unknown as Record<string, unknown>;
      return {
        key: d.label!,
        look: `${String(seriesColor)} ${JSON.stringify(borderDash)} ${String(pointStyle)}`,
      };
    });
}

describe('FacetedChart', () => {
  it('styles a series by its definition key alike in every facet, on screen, in exports and the CLI', async () => {
    const wrapper = mount(FacetedChart, {
      props: { kind: 'line', xAxis: fences.plan.xAxis, title: 'fences', result: fences },
    });
    await nextTick();
    const theme = useSettingsStore().effectiveTheme;
    const figures = wrapper.findAll('figure');
    const exports = wrapper.findAllComponents(ChartExport);
    const cli = runFigures(fences, { ...FIGURE_OPTIONS, theme, kind: 'line' });
    expect(figures).toHaveLength(3);
    expect(exports).toHaveLength(3);
    const lookOfKey = new Map<string, string>();
    figures.forEach((figure, i) => {
      const colourDash = figure.attributes('data-series-looks')!.split('|');
      const markers = figure.attributes('data-series-markers')!.split('|');
      const screen = colourDash.map((look, j) => `${look} ${markers[j]}`);
      const exported = styled((exports[i]!.props('config') as (t: string) => WorkbenchChartConfig)(theme));
      expect(exported.map((s) => s.look)).toEqual(screen);
      expect(styled(cli[i]!.config)).toEqual(exported);
      for (const { key, look } of exported) {
        expect(look, `${key} in facet ${i}`).toBe(lookOfKey.get(key) ?? look);
        lookOfKey.set(key, look);
      }
    });
    expect(lookOfKey.size).toBe(8);
    expect(lookOfKey.has('fence:plain × 1 block')).toBe(true);
  });
});
