// @vitest-environment happy-dom
/**
 * Result files dropped on the window, or opened by the desktop host for the system, are imported through the
 * results store's Import (its size check, the host's validation) and opened in Results.
 */
import { createTestingPinia } from '@pinia/testing';
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { createMemoryHistory, createRouter } from 'vue-router';

import type { OpenedResult } from '../../../../electron/contract';
import { setApi } from '../../../../renderer/api/current';
import { useResultDocuments } from '../../../../renderer/files/use-result-documents';
import { useResultsStore } from '../../../../renderer/stores/results';
import { syntheticResult } from '../../../fixtures/synthetic-result';
import { createFakeApi } from '../fake-api';

const Probe = defineComponent({
  setup() {
    const docs = useResultDocuments();
    return () =>
      h(
        'p',
        { 'data-testid': 'msg', class: docs.refused.value ? 'error' : 'ok' },
        (docs.message.value ?? []).map((m) => m.message).join(' '),
      );
  },
});

function summary(id: string) {
  return {
    id,
    name: 'dropped sweep',
    mode: 'sweep',
    deviceName: null,
    createdAt: '2026-01-01T00:00:00Z',
    status: 'complete',
    points: 1,
    sourceKind: 'measured',
    reference: false,
    ratios: {},
  };
}

async function mountProbe(api: ReturnType<typeof createFakeApi>) {
  setApi(api);
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/', component: { render: () => null } },
      { path: '/results', component: { render: () => null } },
    ],
  });
  await router.push('/');
  const wrapper = mount(Probe, {
    global: { plugins: [router, createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
    attachTo: document.body,
  });
  await flushPromises();
  return { wrapper, router };
}

function drop(files: File[], types = ['Files']) {
  const event = new Event('drop', { cancelable: true }) as DragEvent;
  Object.defineProperty(event, 'dataTransfer', { value: { types, files, dropEffect: 'none' } });
  window.dispatchEvent(event);
  return event;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('result files dropped on the window', () => {
  it('imports them like Import does and opens the result in Results', async () => {
    const result = syntheticResult();
    const api = createFakeApi({
      importResult: vi.fn(async () => ({
        ok: true as const,
        value: {
          ...summary(result.id),
          importOutcome: {
            status: 'added' as const,
            message: 'run.syncbench.json: imported as “dropped sweep”.',
          },
        },
      })),
      getResult: vi.fn(async () => ({ ok: true as const, value: result })),
    } as never);
    const { wrapper, router } = await mountProbe(api);
    const event = drop([new File(['{}'], 'run.syncbench.json', { type: 'application/json' })]);
    expect(event.defaultPrevented).toBe(true);
    await flushPromises();
    expect(api.importResult).toHaveBeenCalledWith({
      fileName: 'run.syncbench.json',
      bytes: new TextEncoder().encode('{}'),
    });
    expect(api.getResult).toHaveBeenCalledWith(result.id);
    expect(useResultsStore().opened?.id).toBe(result.id);
    expect(router.currentRoute.value.path).toBe('/results');
    expect(wrapper.get('[data-testid="msg"]').text()).toBe(
      'run.syncbench.json: imported as “dropped sweep”.',
    );
  });

  it('says why the host refused a file and opens nothing', async () => {
    const api = createFakeApi({
      importResult: vi.fn(async () => ({
        ok: false as const,
        code: 'INVALID',
        message: 'x.json: not a Sync Workbench result (schemaVersion missing).',
      })),
    } as never);
    const { wrapper, router } = await mountProbe(api);
    drop([new File(['{}'], 'x.json')]);
    await flushPromises();
    expect(wrapper.get('[data-testid="msg"]').text()).toContain('schemaVersion missing');
    expect(wrapper.get('[data-testid="msg"]').classes()).toContain('error');
    expect(api.getResult).not.toHaveBeenCalled();
    expect(router.currentRoute.value.path).toBe('/');
  });

  it('leaves drags that carry no files (text, links) to the page', async () => {
    const api = createFakeApi();
    await mountProbe(api);
    expect(drop([], ['text/plain']).defaultPrevented).toBe(false);
    expect(api.importResult).not.toHaveBeenCalled();
  });
});

describe('results the desktop host opened for the system', () => {
  it('opens the result it names and says what the import did', async () => {
    const result = syntheticResult();
    let deliver: ((o: OpenedResult) => void) | null = null;
    const api = createFakeApi({
      getResult: vi.fn(async () => ({ ok: true as const, value: result })),
      onOpenResult: vi.fn((listener: (o: OpenedResult) => void) => {
        deliver = listener;
        return () => undefined;
      }),
    } as never);
    const { wrapper, router } = await mountProbe(api);
    deliver!({ resultId: result.id, message: 'h200.syncbench.json: imported.' });
    await flushPromises();
    expect(useResultsStore().opened?.id).toBe(result.id);
    expect(router.currentRoute.value.path).toBe('/results');
    expect(wrapper.get('[data-testid="msg"]').text()).toBe('h200.syncbench.json: imported.');
  });
});
