/**
 * Chart colours for each theme and the style of each series: a hue, a line dash and a point marker, so a printed
 * grey-scale copy still tells the series apart (docs/figures.md, "Series styles"). Twelve hues: the Okabe–Ito
 * colours (distinguishable with colour-vision deficiencies) and five more of Paul Tol's schemes.
 */
import type { PointStyle } from 'chart.js';

export interface ChartPalette {
  background: string;
  text: string;
  grid: string;
  series: readonly string[];
  /** Points measured only to show a cost, never synchronization (Point.incorrect). */
  incorrect: string;
  /** Noisy or throttled points. */
  flagged: string;
}

const LIGHT: ChartPalette = {
  background: '#ffffff',
  text: '#1f2328',
  grid: '#d0d7de',
  series: [
    '#0072b2',
    '#d55e00',
    '#009e73',
    '#cc79a7',
    '#e69f00',
    '#56b4e9',
    '#000000',
    '#882255',
    '#332288',
    '#999933',
    '#7f7f7f',
    '#661100',
  ],
  incorrect: '#c00000',
  flagged: '#8a6d00',
};

const DARK: ChartPalette = {
  background: '#161b22',
  text: '#e6edf3',
  grid: '#30363d',
  series: [
    '#56b4e9',
    '#ff8c42',
    '#3ccf9f',
    '#e8a0c8',
    '#f0c040',
    '#7de0e6',
    '#ffffff',
    '#ff6688',
    '#a99cff',
    '#c8c864',
    '#a0a0a0',
    '#d09060',
  ],
  incorrect: '#ff6b6b',
  flagged: '#f0c040',
};

/** Line dashes (CSS pixels: on, off, …): solid first. */
export const SERIES_DASHES: readonly (readonly number[])[] = [[], [6, 4], [2, 3], [10, 3, 2, 3]];
/** Point markers of series; triangles and rotated crosses stay the flagged overlays' own (datasets.ts). */
export const SERIES_MARKERS: readonly PointStyle[] = ['circle', 'rect', 'rectRot', 'star', 'cross'];

/** How one series is drawn: its palette slot (hue), its colour, line dash and point marker. */
export interface SeriesStyle {
  slot: number;
  color: string;
  dash: readonly number[];
  marker: PointStyle;
}

/** The palette of a theme. */
export function chartPalette(theme: 'light' | 'dark'): ChartPalette {
  return theme === 'dark' ? DARK : LIGHT;
}

/** The colour of the n-th series (cycles through the palette). */
export function seriesColor(palette: ChartPalette, n: number): string {
  return palette.series[n % palette.series.length] ?? palette.text;
}

/** Series that keep their colour slot wherever they appear: the three layers and their primitives. */
const FIXED_SLOTS: Record<string, number> = {
  warp: 0,
  '__syncwarp()': 0,
  block: 1,
  '__syncthreads()': 1,
  grid: 2,
  'grid.sync()': 2,
};

/** FNV-1a hash of a series name: the same name always gives the same slot. */
function hashSlot(name: string, slots: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h % slots;
}

/**
 * The palette slot of a series named `name` (one colour per series across views and exports): warp,
 * block and grid (and their primitives) have fixed slots, others a slot from a hash of the name. `taken` are the
 * slots of the chart's other series: a clash moves on to the next free slot, so two series of one chart never
 * share a colour while there are colours left (the same series in the same order clash the same way everywhere).
 */
export function seriesSlot(palette: ChartPalette, name: string, taken: readonly number[]): number {
  const slots = palette.series.length;
  const start = FIXED_SLOTS[name] ?? hashSlot(name, slots);
  if (taken.length >= slots) return start;
  for (let i = 0; i < slots; i += 1) {
    const slot = (start + i) % slots;
    if (!taken.includes(slot)) return slot;
  }
  return start;
}

/**
 * The style of the k-th series of a chart whose palette slot is `slot`: the k-th pass through the hues
 * (k = 0 for the first twelve series, 1 for the next twelve, …) takes the k-th dash, so two series of one chart
 * share a colour only with different dashes (up to 12 × 4 = 48 series); the marker follows the series' position.
 */
function styleAt(palette: ChartPalette, slot: number, k: number): SeriesStyle {
  const pass = Math.floor(k / palette.series.length);
  return {
    slot,
    color: seriesColor(palette, slot),
    dash: SERIES_DASHES[pass % SERIES_DASHES.length] ?? [],
    marker: SERIES_MARKERS[k % SERIES_MARKERS.length] ?? 'circle',
  };
}

/**
 * The style of every series of `names` (the whole result's series, in its order): the same series gets the same
 * style in every facet, view and export of that result. Hues go by seriesSlot; past twelve series the hues repeat
 * with the next dash (styleAt).
 */
export function seriesStyles(palette: ChartPalette, names: readonly string[]): Map<string, SeriesStyle> {
  const styles = new Map<string, SeriesStyle>();
  let taken: number[] = [];
  for (const name of names) {
    if (styles.has(name)) continue;
    if (taken.length >= palette.series.length) taken = [];
    const slot = seriesSlot(palette, name, taken);
    taken.push(slot);
    styles.set(name, styleAt(palette, slot, styles.size));
  }
  return styles;
}

/**
 * The style of a series that joins a chart with `count` series so far, whose slots are `taken` (a live run, whose
 * series are not known ahead): as seriesStyles gives when the series come in this order.
 */
export function nextSeriesStyle(
  palette: ChartPalette,
  name: string,
  taken: readonly number[],
  count: number,
): SeriesStyle {
  const pass = Math.floor(count / palette.series.length);
  const ownPass = taken.slice(pass * palette.series.length);
  return styleAt(palette, seriesSlot(palette, name, ownPass), count);
}
