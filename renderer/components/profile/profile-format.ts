/** How the Profile view writes a profile's numbers: launch shapes, nanoseconds and shares in the UI's locale. */
import type { Dim3 } from '../../../electron/model/profile/ncu-values';
import { formatDecimals, formatValue } from '../../figures/numbers';
import type { Locale } from '../../figures/locale';

/** "(264, 1, 1)". */
export function dimText(d: Dim3): string {
  return `(${d.x}, ${d.y}, ${d.z})`;
}

/** "1.23 µs"-style is not used: profiles speak ns, as ncu's durations and the per-sync costs do. "—" for null. */
export function nsText(value: number | null, locale: Locale): string {
  return value === null ? '—' : `${formatValue(value, locale)} ns`;
}

/** "32.7 %", "—" for null. */
export function pctText(value: number | null, locale: Locale): string {
  return value === null ? '—' : `${formatDecimals(value, 1, locale)} %`;
}
