// @vitest-environment happy-dom
/** The window tells the host the UI's language at start and on every switch (the desktop words its menus in it). */
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';

import App from '../../../renderer/App.vue';
import { setApi } from '../../../renderer/api/current';
import { setLocale } from '../../../renderer/i18n';
import { routes } from '../../../renderer/router';
import { useSettingsStore } from '../../../renderer/stores/settings';
import { createFakeApi } from './fake-api';

afterAll(() => setLocale('en'));

describe('the window', () => {
  it('sends setLocale with the effective language, again when the user switches', async () => {
    const api = createFakeApi();
    setApi(api);
    const router = createRouter({ history: createMemoryHistory(), routes });
    await router.push('/methods');
    mount(App, {
      global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false }), router] },
      attachTo: document.body,
    });
    await flushPromises();
    const settings = useSettingsStore();
    expect(api.setLocale).toHaveBeenLastCalledWith(settings.effectiveLocale);
    settings.locale = 'zh-CN';
    await flushPromises();
    expect(api.setLocale).toHaveBeenLastCalledWith('zh-CN');
    settings.locale = 'en';
    await flushPromises();
    expect(api.setLocale.mock.calls.map((c) => c[0]).slice(-2)).toEqual(['zh-CN', 'en']);
  });
});
