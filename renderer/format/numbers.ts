/** Number, size and time formatting for labels, tables and tooltips. */

const significant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
const grouped = new Intl.NumberFormat('en-US');

/** Values closer to 0 than this are shown as "< 0.001" (or "> −0.001"), not as a row of zeros. */
const SMALLEST_SHOWN = 0.001;

/**
 * A measured value with 4 significant digits ("1,234", "12.35", "0.1235"); "—" for null. A value nearer to 0 than
 * 0.001 (e.g. 0.000000289 cycles: noise around zero from the difference method) reads "< 0.001", or "> −0.001" when
 * negative.
 */
export function formatValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  if (value !== 0 && Math.abs(value) < SMALLEST_SHOWN) return value > 0 ? '< 0.001' : '> −0.001';
  return significant.format(value);
}

/**
 * Milliseconds as microseconds (null stays null). Result files keep whole-kernel times in ms; every table and chart
 * of the renderer shows them in µs, one unit throughout.
 */
export function msToUs(ms: number | null | undefined): number | null {
  return ms === null || ms === undefined ? null : ms * 1000;
}

/** An integer with thousands separators; "—" for null. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : grouped.format(value);
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
  return `${significant.format(scaled)} ${units[unit]}`;
}

/** A remaining time for a person ("45 s", "3 min 20 s"); "—" when unknown. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${seconds % 60} s`;
}

/** An ISO date as local date and time ("2025-11-29 15:34"). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An ISO date as the local day ("2025-11-29"). */
export function formatDay(iso: string): string {
  return formatDate(iso).slice(0, 10);
}

/** Headline ratios as one line ("grid/block 17.2×, block/warp 1.1×"); "—" when there are none. */
export function formatRatios(ratios: Record<string, number>): string {
  const parts = Object.entries(ratios).map(([name, value]) => `${name} ${formatValue(value)}×`);
  return parts.length ? parts.join(', ') : '—';
}
