// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import SanitizerReport from '../../../../renderer/components/SanitizerReport.vue';
import ResultDetail from '../../../../renderer/components/ResultDetail.vue';
import { setApi } from '../../../../renderer/api/current';
import type { ResultFile, SanitizerReport as Report } from '../../../../electron/model/results/schema';
import { createFakeApi } from '../fake-api';

const result = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, '../../../../resources/reference/h200-correctness_sanitizer.json'),
    'utf8',
  ),
) as ResultFile;
const report = result.sanitizer!;

beforeEach(() => setApi(createFakeApi()));

describe('compute-sanitizer report', () => {
  it('shows the tool version and, per run, tool, target, expectation, counts, summary and outcome', () => {
    const wrapper = mount(SanitizerReport, { props: { report } });
    expect(wrapper.get('.version').text()).toBe(`Tool version: ${report.version}`);
    const rows = wrapper.findAll('tbody tr');
    expect(rows).toHaveLength(report.runs.length);
    const planted = report.runs.find((r) => r.workload === 'handoff_smem_no_barrier')!;
    const race = wrapper.get('tbody tr[data-workload="handoff_smem_no_barrier"]');
    const cells = race.findAll('td').map((td) => td.text());
    expect(cells[0]).toBe('--tool racecheck');
    expect(cells[1]).toContain('the same hand-off without barriers (a data race)');
    expect(cells[2]).toBe('planted hazard');
    expect(planted.errors).toBeGreaterThan(0);
    expect(cells[3]).toBe(String(planted.errors));
    expect(cells[4]).toBe(String(planted.warnings));
    expect(cells[5]).toContain(planted.summary);
    expect(planted.summary).toMatch(/^RACECHECK SUMMARY: \d+ hazards displayed/);
    expect(cells[6]).toBe('hazard detected, as planted');
    expect(wrapper.findAll('[data-testid="sanitizer-outcome"]').map((c) => c.text())).toEqual([
      'clean, as expected',
      'hazard detected, as planted',
      'clean, as expected',
      'hazard detected, as planted',
    ]);
    expect(wrapper.get('tbody tr[data-workload="divergent_barrier"]').text()).toContain('exit code 1');
    expect(wrapper.findAll('.bad')).toHaveLength(0);
  });

  it('keeps each report excerpt collapsed until opened', () => {
    const wrapper = mount(SanitizerReport, { props: { report } });
    const excerpts = wrapper.findAll('details.excerpt');
    expect(excerpts).toHaveLength(report.runs.length);
    for (const d of excerpts) expect(d.attributes('open')).toBeUndefined();
    const planted = report.runs.find((r) => r.workload === 'handoff_smem_no_barrier')!;
    const race = wrapper.get('details[data-workload="handoff_smem_no_barrier"]');
    expect(race.get('summary').text()).toBe(
      `Report of racecheck on the same hand-off without barriers (a data race) (${planted.excerpt.length} lines)`,
    );
    expect(race.get('pre').text()).toContain('Race reported between Read access');
  });

  it('marks a run that went against its expectation', () => {
    const missed: Report = {
      ...report,
      runs: [
        {
          ...report.runs[1]!,
          errors: 0,
          summary: 'RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)',
        },
      ],
    };
    const wrapper = mount(SanitizerReport, { props: { report: missed } });
    expect(wrapper.get('.bad').text()).toBe('the planted hazard was NOT reported');
  });

  it('appears in the Results detail of a result that has one, with the result’s method panel', () => {
    const mountDetail = (r: ResultFile) =>
      mount(ResultDetail, {
        props: { result: r },
        global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
      });
    const withReport = mountDetail(result);
    expect(withReport.find('[data-testid="sanitizer-report"]').exists()).toBe(true);
    expect(withReport.get('[data-testid="result-method"]').text()).toContain('How these numbers were made');
    const without = mountDetail({ ...result, sanitizer: null });
    expect(without.find('[data-testid="sanitizer-report"]').exists()).toBe(false);
  });
});
