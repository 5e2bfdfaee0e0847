/** Reading and writing the display settings in localStorage, tolerating absent or hand-edited values. */
import { isLocale, type Locale } from './locale';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Units = 'ns' | 'cycles';
export type AxisScale = 'auto' | 'linear' | 'log';

export interface DisplaySettings {
  theme: ThemeChoice;
  units: Units;
  axis: AxisScale;
  /** The UI language chosen in the header; null follows the system's. */
  locale: Locale | null;
}

/**
 * The part of the Web Storage API (localStorage) the settings use, declared here because the CLI reads this
 * module's types without the DOM library (tsconfig.node.json).
 */
export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const SETTINGS_KEY = 'syncbench.settings';
const DEFAULT_SETTINGS: DisplaySettings = { theme: 'system', units: 'ns', axis: 'auto', locale: null };

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** The saved settings, with defaults for anything missing or unknown. */
export function loadSettings(storage: SettingsStorage): DisplaySettings {
  let saved: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SETTINGS_KEY) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) saved = parsed as Record<string, unknown>;
  } catch {
    saved = {};
  }
  return {
    theme: pick(saved.theme, ['light', 'dark', 'system'], DEFAULT_SETTINGS.theme),
    units: pick(saved.units, ['ns', 'cycles'], DEFAULT_SETTINGS.units),
    axis: pick(saved.axis, ['auto', 'linear', 'log'], DEFAULT_SETTINGS.axis),
    locale: isLocale(saved.locale) ? saved.locale : DEFAULT_SETTINGS.locale,
  };
}

/** Saves the settings; a full or disabled storage only loses persistence, never the session's settings. */
export function saveSettings(storage: SettingsStorage, settings: DisplaySettings): void {
  try {
    storage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch (error) {
    console.warn('workbench: settings not saved', error);
  }
}
