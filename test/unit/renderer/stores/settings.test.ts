// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { nextTick } from 'vue';
import { createPinia, setActivePinia } from 'pinia';
import { useSettingsStore } from '../../../../renderer/stores/settings';
import { loadSettings, SETTINGS_KEY } from '../../../../renderer/figures/settings-storage';
import { pickLocale } from '../../../../renderer/figures/locale';

beforeEach(() => {
  localStorage.clear();
  setActivePinia(createPinia());
});

describe('settings store', () => {
  it('starts from the defaults and persists every change', async () => {
    const settings = useSettingsStore();
    expect([settings.theme, settings.units, settings.axis, settings.locale]).toEqual([
      'system',
      'ns',
      'auto',
      null,
    ]);
    settings.theme = 'dark';
    settings.units = 'cycles';
    settings.axis = 'log';
    settings.locale = 'zh-CN';
    await nextTick();
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!)).toEqual({
      theme: 'dark',
      units: 'cycles',
      axis: 'log',
      locale: 'zh-CN',
    });
    expect(settings.effectiveLocale).toBe('zh-CN');
    expect(settings.effectiveTheme).toBe('dark');
    setActivePinia(createPinia());
    expect(useSettingsStore().units).toBe('cycles');
  });

  it('ignores unknown or corrupt saved values', () => {
    localStorage.setItem(
      SETTINGS_KEY,
      JSON.stringify({ theme: 'neon', units: 'cycles', axis: 7, locale: 'fr' }),
    );
    expect(loadSettings(localStorage)).toEqual({
      theme: 'system',
      units: 'cycles',
      axis: 'auto',
      locale: null,
    });
    localStorage.setItem(SETTINGS_KEY, '{not json');
    expect(loadSettings(localStorage)).toEqual({ theme: 'system', units: 'ns', axis: 'auto', locale: null });
  });

  it('follows the system language until one is chosen: Simplified Chinese for zh, zh-CN, zh-SG', () => {
    expect(pickLocale(['zh-CN', 'en-US'])).toBe('zh-CN');
    expect(pickLocale(['zh'])).toBe('zh-CN');
    expect(pickLocale(['zh-SG'])).toBe('zh-CN');
    expect(pickLocale(['zh-TW', 'en'])).toBe('en');
    expect(pickLocale(['fr-FR', 'zh-CN'])).toBe('zh-CN');
    expect(pickLocale(['en-GB', 'zh-CN'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });
});
