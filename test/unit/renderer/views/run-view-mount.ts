/** Mounting the Run view for component tests, and letting its debounced validation settle (fake timers). */
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { vi } from 'vitest';

import RunView from '../../../../renderer/views/RunView.vue';

/**
 * RunOutput loads its chart and tables when the first run appears (defineAsyncComponent): loaded here before the
 * view is mounted, so their loaders resolve within the flushPromises each step awaits, never after a test ended
 * (a load still running when the environment is torn down is an unhandled error of the whole test run).
 */
export async function loadLazyParts(): Promise<void> {
  await Promise.all([
    import('../../../../renderer/components/LiveChart.vue'),
    import('../../../../renderer/components/RatiosList.vue'),
    import('../../../../renderer/components/PointsTable.vue'),
  ]);
}

/** The Run view with a testing Pinia whose actions run for real, attached to the document. */
export async function mountRunView() {
  await loadLazyParts();
  const wrapper = mount(RunView, {
    global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false })] },
    attachTo: document.body,
  });
  await flushPromises();
  return wrapper;
}

/** Past the form's validation debounce (300 ms), with every promise settled. */
export async function settleValidation() {
  await vi.advanceTimersByTimeAsync(300);
  await flushPromises();
}
