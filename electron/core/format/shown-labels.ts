/**
 * A result with its point labels and headline ratio names in a report's language, as the UI shows them
 * (electron/model/words/point-labels.ts): in zh-CN each label is rebuilt from its point's launch and each ratio's
 * name, numerator and denominator from the same words; a label that cannot be rebuilt keeps the file's English.
 * English returns the result as it is.
 */
import type { ResultFile } from '../../model/results/schema';
import { labelAmong, pointLabel, ratioName } from '../../model/words/point-labels';

/** `result` with its labels and ratio names in `locale` (a copy; the result itself is not changed). */
export function withShownLabels(result: ResultFile, locale: string): ResultFile {
  if (locale === 'en') return result;
  return {
    ...result,
    points: result.points.map((p) => ({ ...p, label: pointLabel(p, locale).text })),
    ratios: result.ratios.map((r) => ({
      ...r,
      name: ratioName(r.name, locale).text,
      numerator: labelAmong(r.numerator, result.points, locale).text,
      denominator: labelAmong(r.denominator, result.points, locale).text,
    })),
  };
}
