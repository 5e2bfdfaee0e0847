/**
 * The x-axis labels of the line modes (each mode's `xAxis.label`, electron/model/modes) in a locale. English is the
 * label itself; another locale's table (words/zh-CN/axis-labels.ts) is keyed by the core's English label. A result
 * file records the label as the core wrote it, so a label a table does not hold (a newer or older core, or a mode
 * that changed it) keeps its English. Pure and browser-safe: charts, tables and reports use it alike.
 */
import { AXIS_LABELS_ZH_CN } from './zh-CN/axis-labels';

/** A locale's axis labels: the English label → its translation. */
export type AxisLabelWords = Readonly<Record<string, string>>;

/**
 * The x-axis label `label` (as a result file records it) in `locale` ('en' or 'zh-CN', as the UI's locales);
 * unknown labels and other locales keep the label as given.
 */
export function axisLabel(label: string, locale: string): string {
  return locale === 'zh-CN' ? (AXIS_LABELS_ZH_CN[label] ?? label) : label;
}
