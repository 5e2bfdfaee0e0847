/** Mounting the Run view for component tests, and letting its debounced validation settle (fake timers). */
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { vi } from 'vitest';

import RunView from '../../../../renderer/views/RunView.vue';

/** The Run view with a testing Pinia whose actions run for real, attached to the document. */
export async function mountRunView() {
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
