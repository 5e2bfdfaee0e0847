/**
 * What the chart tests that draw on a real canvas share: a reference dataset of resources/reference by file name,
 * and the figure options of a plain light English figure in ns on a linear axis.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResultFile } from '../../../../electron/model/results/schema';

/** The reference dataset `name` (e.g. 'h200-sweep.json'), parsed. */
export const reference = (name: string): ResultFile =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../../resources/reference', name), 'utf8'),
  ) as ResultFile;

/** runFigure/comparisonFigures options without `kind`: ns, linear axis, light theme, English, no reference ids. */
export const FIGURE_OPTIONS = {
  units: 'ns',
  axis: 'linear',
  theme: 'light',
  locale: 'en',
  referenceIds: new Set<string>(),
} as const;
