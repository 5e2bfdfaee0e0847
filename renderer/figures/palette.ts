/** Chart colours for each theme (Okabe–Ito series colours: distinguishable with colour-vision deficiencies). */

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
  series: ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000'],
  incorrect: '#c00000',
  flagged: '#8a6d00',
};

const DARK: ChartPalette = {
  background: '#161b22',
  text: '#e6edf3',
  grid: '#30363d',
  series: ['#56b4e9', '#ff8c42', '#3ccf9f', '#e8a0c8', '#f0c040', '#9fd4ff', '#ffffff'],
  incorrect: '#ff6b6b',
  flagged: '#f0c040',
};

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
