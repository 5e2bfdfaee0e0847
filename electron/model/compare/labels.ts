/**
 * A comparison's point labels in the UI's language. The rows and cells keep the label as the result files record it
 * (English) with the launch its shape names; the view rebuilds each in its locale as Results does (words/
 * point-labels.ts): the row's shared label from its launch, or its series id where the runs' labels differ, and a
 * run's own label from that run's launch. Pure and browser-safe.
 */
import { pointLabel, seriesName, type ShownText } from '../words/point-labels';
import type { ComparisonCell, ComparisonRow } from './compare';

/**
 * `row`'s label in `locale` ('en' or 'zh-CN'): the shared label rebuilt from the row's launch (pointLabel), or the
 * series id (seriesName) when the runs' labels differ. `english` marks a label that could not be rebuilt.
 */
export function rowLabel(row: Pick<ComparisonRow, 'label' | 'launch' | 'series'>, locale: string): ShownText {
  if (row.launch) return pointLabel({ label: row.label, launch: row.launch }, locale);
  return { text: seriesName(row.series, locale), english: false };
}

/** `cell`'s own label in `locale`, rebuilt from its run's launch (pointLabel). */
export function cellLabel(cell: Pick<ComparisonCell, 'label' | 'launch'>, locale: string): ShownText {
  return pointLabel(cell, locale);
}
