// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { loadDecisionTable } from '../../../../electron/core/decide/load-table';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import LabView from '../../../../renderer/views/LabView.vue';
import { setApi } from '../../../../renderer/api/current';
import { FUNCTION_GRAPH_NOTE, LAB_EDGES } from '../../../../electron/model/decide/lab';
import { createFakeApi, type FakeApi } from '../fake-api';

/** The table as the host sends it: loaded from disk with each snippet's code. */
const RAW_TABLE: unknown = loadDecisionTable('resources/decision/decision-table.json');

let api: FakeApi;

async function mountLab() {
  const wrapper = mount(LabView, {
    global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
    attachTo: document.body,
  });
  await flushPromises();
  return wrapper;
}

const button = (wrapper: VueWrapper, name: string) =>
  wrapper.findAll('button').find((b) => b.text() === name)!;
const output = (wrapper: VueWrapper) => wrapper.get('[data-testid="lab-output"]').text();
const inputValue = (wrapper: VueWrapper, id: string) => (wrapper.get(id).element as HTMLInputElement).value;
/** The graph's highlighted edges, as "from->to". */
const activeEdges = (wrapper: VueWrapper) =>
  wrapper
    .findAll('[data-testid="lab-graph"] line.edge.active')
    .map((line) => line.attributes('data-edge') ?? '');

async function stepUntilDone(wrapper: VueWrapper): Promise<string[][]> {
  const highlighted: string[][] = [];
  while (button(wrapper, 'Step').attributes('disabled') === undefined) {
    await button(wrapper, 'Step').trigger('click');
    highlighted.push(activeEdges(wrapper));
  }
  return highlighted;
}

beforeEach(() => {
  api = createFakeApi({
    decisionTable: vi.fn(() => Promise.resolve({ ok: true as const, value: RAW_TABLE })),
  });
  setApi(api);
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('Lab view', () => {
  it('with x = 1 and w = 1, Step until done reads sigmoid(0.5) = 0.622', async () => {
    const wrapper = await mountLab();
    await button(wrapper, 'Reset').trigger('click');
    await wrapper.get('#lab-x').setValue('1');
    await wrapper.get('#lab-w').setValue('1');
    expect(output(wrapper)).toBe('—');
    const steps = await stepUntilDone(wrapper);
    expect(steps).toHaveLength(3);
    expect(output(wrapper)).toBe('0.622');
    expect(wrapper.get('[data-node="z"] .value').text()).toBe('= 1.000');
    expect(wrapper.get('[data-node="h"] .value').text()).toBe('= 0.500');
    expect(wrapper.get('#lab-next').text()).toBe('Every node is evaluated.');
  });

  it('Reset restores the defaults x = 0.5, w = -1 and clears the computed values', async () => {
    const wrapper = await mountLab();
    await wrapper.get('#lab-x').setValue('3');
    await wrapper.get('#lab-w').setValue('2');
    await button(wrapper, 'Step').trigger('click');
    expect(wrapper.get('[data-node="z"] .value').text()).toBe('= 6.000');
    await button(wrapper, 'Reset').trigger('click');
    expect(inputValue(wrapper, '#lab-x')).toBe('0.5');
    expect(inputValue(wrapper, '#lab-w')).toBe('-1');
    expect(wrapper.get('[data-node="z"] .value').text()).toBe('= ?');
    expect(activeEdges(wrapper)).toEqual([]);
    await stepUntilDone(wrapper);
    expect(output(wrapper)).toBe('0.269');
  });

  it('each Step evaluates one node in dependency order and highlights the edges it used', async () => {
    const wrapper = await mountLab();
    expect(wrapper.findAll('[data-testid="lab-graph"] line.edge')).toHaveLength(LAB_EDGES.length);
    expect(wrapper.get('#lab-next').text()).toBe('Next: z = x · w');
    const steps = await stepUntilDone(wrapper);
    expect(steps).toEqual([['x->z', 'w->z'], ['z->h', 'b->h'], ['h->y']]);
    expect(wrapper.get('[data-node="y"]').classes()).toContain('evaluated');
    expect(wrapper.get('[data-testid="lab-step"]').text()).toBe('Evaluated y = 0.269 using h → y.');
  });

  it('a changed input clears the values to step again; a value that is not a number is refused', async () => {
    const wrapper = await mountLab();
    await stepUntilDone(wrapper);
    await wrapper.get('#lab-w').setValue('');
    expect(wrapper.get('[role="alert"]').text()).toBe('w must be a number.');
    expect(output(wrapper)).toBe('0.269');
    await wrapper.get('#lab-w').setValue('1');
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    expect(output(wrapper)).toBe('—');
    expect(activeEdges(wrapper)).toEqual([]);
  });

  it('keeps the message and Step disabled while any input is invalid, whatever else is edited', async () => {
    const wrapper = await mountLab();
    await wrapper.get('#lab-x').setValue('');
    expect(wrapper.get('[role="alert"]').text()).toBe('x must be a number.');
    expect(button(wrapper, 'Step').attributes('disabled')).toBeDefined();
    // editing w neither hides the message nor lets Step compute from the old, hidden x
    await wrapper.get('#lab-w').setValue('2');
    expect(wrapper.get('[role="alert"]').text()).toBe('x must be a number.');
    expect(wrapper.get('#lab-x').attributes('aria-invalid')).toBe('true');
    expect(wrapper.get('#lab-w').attributes('aria-invalid')).toBeUndefined();
    expect(button(wrapper, 'Step').attributes('disabled')).toBeDefined();
    expect(wrapper.get('#lab-next').text()).toBe('Step waits until every input is a number.');
    await button(wrapper, 'Step').trigger('click');
    expect(wrapper.get('[data-node="z"] .value').text()).toBe('= ?');
    // both invalid: both named
    await wrapper.get('#lab-w').setValue('abc');
    expect(wrapper.get('[role="alert"]').text()).toBe('x must be a number. w must be a number.');
    await wrapper.get('#lab-w').setValue('2');
    // fixed: Step computes from the inputs as shown
    await wrapper.get('#lab-x').setValue('3');
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    expect(button(wrapper, 'Step').attributes('disabled')).toBeUndefined();
    await button(wrapper, 'Step').trigger('click');
    expect(wrapper.get('[data-node="z"] .value').text()).toBe('= 6.000');
  });

  it('every dependency needs no ordering edge while all nodes run on one thread', async () => {
    const wrapper = await mountLab();
    const rows = wrapper.findAll('.ordering-edges tbody tr');
    expect(rows.map((r) => r.attributes('data-edge'))).toEqual(LAB_EDGES.map((e) => `${e.from}->${e.to}`));
    for (const row of rows) {
      expect(row.get('.recommendation code').text()).toBe('none');
      expect(row.text()).toContain('same-thread');
    }
  });

  it('a placement change shows the ordering edge the engine asks for', async () => {
    const wrapper = await mountLab();
    await wrapper.get('#agent-z').setValue('warp');
    await wrapper.get('#storage-z').setValue('shared');
    await wrapper.get('#agent-h').setValue('block');
    await wrapper.get('#storage-h').setValue('shared');
    const row = (edge: string) => wrapper.get(`.ordering-edges tr[data-edge="${edge}"]`);
    expect(row('z->h').get('.recommendation code').text()).toBe('syncthreads');
    expect(row('z->h').text()).toContain('same-block');
    expect(row('x->z').get('.recommendation code').text()).toBe('warp-collective');
    expect(row('b->h').find('[data-hazard="storage-not-reachable"]').exists()).toBe(true);
    expect(wrapper.get('[data-node="z"] .placement').text()).toBe('warp · shared');

    await wrapper.get('#agent-h').setValue('kernel');
    await wrapper.get('#storage-h').setValue('global');
    await wrapper.get('#agent-y').setValue('host');
    expect(row('h->y').get('.recommendation code').text()).toBe('stream-sync');
    expect(row('h->y').text()).toContain('host');
  });

  it('shows an edge that cannot work as placed as "not possible", with what works instead', async () => {
    const wrapper = await mountLab();
    await wrapper.get('#agent-z').setValue('kernel');
    await wrapper.get('#storage-z').setValue('shared');
    await wrapper.get('#agent-h').setValue('kernel');
    await wrapper.get('#storage-h').setValue('global');
    const cell = wrapper.get('.ordering-edges tr[data-edge="z->h"] .recommendation');
    expect(cell.attributes('data-outcome')).toBe('not-possible');
    expect(cell.text()).toContain('Not possible as described');
    expect(cell.findAll('code').map((c) => c.text())).toEqual([
      'cluster-sync',
      'grid-sync',
      'kernel-boundary',
    ]);
  });

  it('explains why a plain function graph has no memory-order or scope edges', async () => {
    const wrapper = await mountLab();
    expect(wrapper.get('.note').text()).toContain(FUNCTION_GRAPH_NOTE);
    expect(wrapper.get('.note h3').text()).toBe('Why the graph has no memory-order or scope edges');
  });
});
