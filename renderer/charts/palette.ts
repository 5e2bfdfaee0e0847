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
