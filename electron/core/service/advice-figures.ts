/**
 * The product's own figures for the advice's prose (decide/figures.ts), from the results library: for each figure,
 * the best result whose headline ratios include all of the figure's, in the order prices use (measured on this
 * machine, then the shipped reference datasets, newest first: advice-costs.ts). Published results are never quoted
 * as the product's figure. Reads the library's summaries only (their ratios), no result file.
 */
import { FIGURE_IDS, FIGURE_SPECS, type MeasuredFigure } from '../../model/decide/figures';
import { rankedCandidates, sourceOf } from './advice-costs';
import type { ResultsStore } from './ports';

/** The figures the library has; a figure no measured or reference result has is left out. */
export async function figuresFromLibrary(library: ResultsStore): Promise<MeasuredFigure[]> {
  const candidates = rankedCandidates(await library.list()).filter((s) => s.sourceKind !== 'published');
  return FIGURE_IDS.flatMap((id) => {
    const names = Object.entries(FIGURE_SPECS[id].ratios);
    const found = candidates.find((s) => names.every(([, name]) => typeof s.ratios[name] === 'number'));
    if (!found) return [];
    const values = Object.fromEntries(names.map(([key, name]) => [key, found.ratios[name]!]));
    return [{ id, values, source: sourceOf(found) }];
  });
}
