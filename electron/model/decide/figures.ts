/**
 * Figures the product measured, quoted where the decision table repeats a claim of the chapter
 * (docs/decision-engine.md#measured-figures). A table text names one as `{figure:<id>}`; the advice fills it with
 * the product's own figure from a result's headline ratios (the caller finds them: service/advice-figures.ts), the
 * chapter's beside it, or, without a result, with the chapter's figure and what to run. Numbers come from the data,
 * never from the table. No Node imports: the renderer uses it (rewordAdvice fills the same figures in zh-CN).
 */
import type { CostSource } from './cost-source';

/**
 * What each figure quotes: headline ratios by their names in a result's `ratios` (modes/chapter.ts names them),
 * and the mode to run for them.
 */
export const FIGURE_SPECS = {
  /** One cooperative kernel with grid.sync() against two kernels, same payload (modes phases and modes). */
  phases: {
    mode: 'phases',
    ratios: {
      oneRound: 'phases grid/two-kernels (one round)',
      perRound: 'phases grid/two-kernels (per round)',
    },
  },
  /** One this_grid().sync() against one __syncthreads(), same launch (modes/chapter.ts, mode modes). */
  gridBlock: {
    mode: 'modes',
    ratios: { perSync: 'grid/block' },
  },
} as const;

export type FigureId = keyof typeof FIGURE_SPECS;
export const FIGURE_IDS = Object.keys(FIGURE_SPECS) as FigureId[];

/** A figure as measured: each ratio's value by its key in FIGURE_SPECS, and the result it comes from. */
export interface MeasuredFigure {
  id: FigureId;
  values: Record<string, number>;
  source: CostSource;
}

/** The words of a figure: `measured` names each ratio key and `{where}`; `unmeasured` names `{mode}`. */
export interface FigureWords {
  measured: string;
  unmeasured: string;
}

/** A `{figure:<id>}` placeholder. */
const FIGURE_PLACEHOLDER = /\{figure:(\w+)\}/g;

/** The figure ids a text names. */
export function figuresNamed(text: string): string[] {
  return [...text.matchAll(FIGURE_PLACEHOLDER)].map((m) => m[1]!);
}

/** A ratio as quoted: two decimals ("0.71"), as the Results view rounds headline ratios. */
function ratioText(value: number): string {
  return value.toFixed(2);
}

/**
 * `text` with each `{figure:<id>}` filled from `figures` in `words`; `where` writes a figure's source (the same
 * words as a cost's). An unknown id is left as it is (the table check refuses one: table-schema.ts).
 */
export function fillFigures(
  text: string,
  figures: readonly MeasuredFigure[],
  words: Record<FigureId, FigureWords>,
  where: (source: CostSource) => string,
): string {
  return text.replace(FIGURE_PLACEHOLDER, (match, id: string) => {
    if (!(id in FIGURE_SPECS)) return match;
    const figureId = id as FigureId;
    const figure = figures.find((f) => f.id === figureId);
    const w = words[figureId];
    if (!figure) return w.unmeasured.replace('{mode}', FIGURE_SPECS[figureId].mode);
    return w.measured.replace(/\{(\w+)\}/g, (m, name: string) => {
      if (name === 'where') return where(figure.source);
      const value = figure.values[name];
      return value === undefined ? m : ratioText(value);
    });
  });
}
