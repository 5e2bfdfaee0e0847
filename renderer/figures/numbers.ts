/**
 * Number, size and time formatting for labels, tables and tooltips, in the UI's language (set by
 * renderer/i18n's setLocale; the app re-renders its view when the language changes). `locale` overrides it (a
 * figure drawn in another language).
 */
import type { Locale } from './locale';

let uiLocale: Locale = 'en';

/** Sets the language numbers and dates are formatted in when no locale is given. */
export function setFormatLocale(locale: Locale): void {
  uiLocale = locale;
}

const cache = new Map<string, Intl.NumberFormat>();

/** A cached Intl.NumberFormat of `locale` (default: the UI's) with `options`. */
export function numberFormat(options: Intl.NumberFormatOptions, locale?: Locale): Intl.NumberFormat {
  const tag = locale ?? uiLocale;
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    cache.set(key, format);
  }
  return format;
}

const significant = (locale?: Locale) => numberFormat({ maximumSignificantDigits: 4 }, locale);
const grouped = (locale?: Locale) => numberFormat({}, locale);

/** Values closer to 0 than this are shown as "< 0.001" (or "> −0.001"), not as a row of zeros. */
const SMALLEST_SHOWN = 0.001;

/**
 * A measured value with 4 significant digits ("1,234", "12.35", "0.1235"); "—" for null. A value nearer to 0 than
 * 0.001 (e.g. 0.000000289 cycles: noise around zero from the difference method) reads "< 0.001", or "> −0.001" when
 * negative.
 */
export function formatValue(value: number | null | undefined, locale?: Locale): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (value !== 0 && Math.abs(value) < SMALLEST_SHOWN) return value > 0 ? '< 0.001' : '> −0.001';
  return significant(locale).format(value);
}

/** A value with exactly `decimals` digits after the point ("203.5"), grouped; "—" for null. */
export function formatDecimals(value: number | null | undefined, decimals: number, locale?: Locale): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }, locale).format(
    value,
  );
}

/**
 * Milliseconds as microseconds (null stays null). Result files keep whole-kernel times in ms; every table and chart
 * of the renderer shows them in µs, one unit throughout.
 */
export function msToUs(ms: number | null | undefined): number | null {
  return ms === null || ms === undefined ? null : ms * 1000;
}

/** An integer with thousands separators; "—" for null. */
export function formatCount(value: number | null | undefined, locale?: Locale): string {
  return value === null || value === undefined ? '—' : grouped(locale).format(value);
}

/** Bytes in binary units ("48 KiB", "80 GiB"); "—" for null. */
export function formatBytes(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let scaled = value;
  let unit = 0;
  while (scaled >= 1024 && unit < units.length - 1) {
    scaled /= 1024;
    unit += 1;
  }
  return `${significant().format(scaled)} ${units[unit]}`;
}

/** A remaining time for a person ("45 s", "3 min 20 s"); "—" when unknown. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${seconds % 60} s`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(withTime: boolean, locale?: Locale): Intl.DateTimeFormat {
  const tag = locale ?? uiLocale;
  const key = `${tag}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    const time: Intl.DateTimeFormatOptions = withTime
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : {};
    format = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric', ...time });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * An ISO date as local date and time in the UI's language ("Nov 29, 2025, 15:34", "2025年11月29日 15:34"); the
 * text itself when it is no date.
 */
export function formatDate(iso: string, locale?: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(true, locale).format(date);
}

/** An ISO date as the local day in the UI's language ("Nov 29, 2025", "2025年11月29日"). */
export function formatDay(iso: string, locale?: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(false, locale).format(date);
}

/** Headline ratios as one line ("grid/block 17.2×, block/warp 1.1×"); "—" when there are none. */
export function formatRatios(ratios: Record<string, number>): string {
  const parts = Object.entries(ratios).map(([name, value]) => `${name} ${formatValue(value)}×`);
  return parts.length ? parts.join(', ') : '—';
}

/**
 * A value with its unit, in the singular for exactly one cycle ("1 cycle", "2 cycles", "0.51 ns"): `text` is the
 * value as formatted for display. Units are the result files' own words ('ns', 'cycles', 'µs'), in every language.
 */
export function withUnit(text: string, value: number, unit: string): string {
  return `${text} ${unit === 'cycles' && value === 1 ? 'cycle' : unit}`;
}
