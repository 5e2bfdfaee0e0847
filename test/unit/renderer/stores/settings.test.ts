// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import { loadSettings, SETTINGS_KEY } from '../../../../renderer/stores/settings-storage';

beforeEach(() => {
  localStorage.clear();
  setActivePinia(createPinia());
});

describe('settings store', () => {
  it('starts from the defaults and persists every change', async () => {
    const settings = useSettingsStore();
    expect([settings.theme, settings.units, settings.axis]).toEqual(['system', 'ns', 'linear']);
    settings.theme = 'dark';
    settings.units = 'cycles';
    settings.axis = 'log';
    await nextTick();
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!)).toEqual({
      theme: 'dark',
      units: 'cycles',
      axis: 'log',
    });
    expect(settings.effectiveTheme).toBe('dark');
    setActivePinia(createPinia());
    expect(useSettingsStore().units).toBe('cycles');
  });

  it('ignores unknown or corrupt saved values', () => {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify({ theme: 'neon', units: 'cycles', axis: 7 }));
    expect(loadSettings(localStorage)).toEqual({ theme: 'system', units: 'cycles', axis: 'linear' });
    localStorage.setItem(SETTINGS_KEY, '{not json');
    expect(loadSettings(localStorage)).toEqual({ theme: 'system', units: 'ns', axis: 'linear' });
  });
});
