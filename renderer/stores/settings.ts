import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { loadSettings, saveSettings, type AxisScale, type ThemeChoice, type Units } from './settings-storage';

/** Display settings (theme, units, y-axis scale), persisted in localStorage. */
export const useSettingsStore = defineStore('settings', () => {
  const saved = loadSettings(window.localStorage);
  const theme = ref<ThemeChoice>(saved.theme);
  const units = ref<Units>(saved.units);
  const axis = ref<AxisScale>(saved.axis);

  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const systemDark = ref(darkQuery.matches);
  darkQuery.addEventListener('change', (event) => (systemDark.value = event.matches));

  /** The theme actually shown: 'system' follows the operating system. */
  const effectiveTheme = computed<'light' | 'dark'>(() =>
    theme.value === 'system' ? (systemDark.value ? 'dark' : 'light') : theme.value,
  );

  watch([theme, units, axis], () =>
    saveSettings(window.localStorage, { theme: theme.value, units: units.value, axis: axis.value }),
  );

  return { theme, units, axis, effectiveTheme };
});
