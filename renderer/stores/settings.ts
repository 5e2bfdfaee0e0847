import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { pickLocale, type Locale } from '../figures/locale';
import {
  loadSettings,
  saveSettings,
  type AxisScale,
  type ThemeChoice,
  type Units,
} from '../figures/settings-storage';

/** Display settings (theme, units, y-axis scale, language), persisted in localStorage. */
export const useSettingsStore = defineStore('settings', () => {
  const saved = loadSettings(window.localStorage);
  const theme = ref<ThemeChoice>(saved.theme);
  const units = ref<Units>(saved.units);
  const axis = ref<AxisScale>(saved.axis);
  /** The language chosen in the header (null: the system's). */
  const locale = ref<Locale | null>(saved.locale);

  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const systemDark = ref(darkQuery.matches);
  darkQuery.addEventListener('change', (event) => (systemDark.value = event.matches));

  /** The theme actually shown: 'system' follows the operating system. */
  const effectiveTheme = computed<'light' | 'dark'>(() =>
    theme.value === 'system' ? (systemDark.value ? 'dark' : 'light') : theme.value,
  );

  /** The language shown: the chosen one, else the closest to the system's (navigator.languages). */
  const effectiveLocale = computed<Locale>(
    () => locale.value ?? pickLocale(window.navigator.languages ?? [window.navigator.language]),
  );

  watch([theme, units, axis, locale], () =>
    saveSettings(window.localStorage, {
      theme: theme.value,
      units: units.value,
      axis: axis.value,
      locale: locale.value,
    }),
  );

  return { theme, units, axis, locale, effectiveTheme, effectiveLocale };
});
