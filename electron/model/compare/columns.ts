/**
 * The columns of a comparison table, shared by its CSV and Markdown: the row's key, basis and unit, each run's own
 * label, medians and confidence interval, and for every run after the first its delta (in the row's unit), ratio,
 * verdict and the floor the verdict used against the first.
 */
import { csvCell, displayValue, type CellValue } from '../format/columns';
import { REPORT_EN } from '../words/en/report';
import type { CellWords, ComparisonCellWords } from '../words/report';

export type { ComparisonCellWords };
import type { Verdict } from './verdict';
import type { ComparisonCell, ComparisonRow } from './compare';

export interface ComparisonColumn {
  name: string;
  value(row: ComparisonRow): CellValue;
  /** How a non-null value of `row` reads (default: displayValue), in `words`. */
  display?(value: Exclude<CellValue, null>, words: ComparisonCellWords, row: ComparisonRow): string;
}

/** A number in the row's unit, "+0.029 ns" (signed: a delta) or "0.51 ns". */
function withUnit(
  value: Exclude<CellValue, null>,
  words: CellWords,
  row: ComparisonRow,
  signed: boolean,
): string {
  const text = displayValue(value, words);
  const sign = signed && typeof value === 'number' && value > 0 ? '+' : '';
  return row.unit ? `${sign}${text} ${row.unit}` : `${sign}${text}`;
}

/** The columns for a comparison of `runCount` runs. */
export function comparisonColumns(runCount: number): ComparisonColumn[] {
  const columns: ComparisonColumn[] = [
    { name: 'series', value: (r) => r.series },
    { name: 'label', value: (r) => r.label },
    { name: 'x', value: (r) => r.x },
    { name: 'basis', value: (r) => r.basis },
    { name: 'unit', value: (r) => r.unit },
    { name: 'incorrect', value: (r) => r.incorrect, display: (v, w) => (v === true ? w.incorrect : '') },
  ];
  for (let run = 0; run < runCount; run += 1) {
    const cell = (r: ComparisonRow): ComparisonCell | null => r.cells[run] ?? null;
    const n = run + 1;
    columns.push(
      { name: `run${n}_label`, value: (r) => cell(r)?.label ?? null },
      { name: `run${n}_perSyncNs_median`, value: (r) => cell(r)?.perSyncNs?.median ?? null },
      { name: `run${n}_perSyncNs_ciLow`, value: (r) => cell(r)?.perSyncNs?.ciLow ?? null },
      { name: `run${n}_perSyncNs_ciHigh`, value: (r) => cell(r)?.perSyncNs?.ciHigh ?? null },
      { name: `run${n}_wholeKernelMs_median`, value: (r) => cell(r)?.wholeKernelMs?.median ?? null },
    );
    if (run > 0) {
      columns.push(
        {
          name: `run${n}_delta`,
          value: (r) => cell(r)?.delta ?? null,
          display: (v, w, r) => withUnit(v, w, r, true),
        },
        { name: `run${n}_ratio`, value: (r) => cell(r)?.ratio ?? null },
        {
          name: `run${n}_verdict`,
          value: (r) => cell(r)?.verdict ?? null,
          display: (v, w) => w.verdict(v as Verdict),
        },
        {
          name: `run${n}_floor`,
          value: (r) => cell(r)?.floor?.value ?? null,
          display: (v, w, r) => withUnit(v, w, r, false),
        },
        { name: `run${n}_floorKind`, value: (r) => cell(r)?.floor?.kind ?? null },
      );
    }
  }
  return columns;
}

/** A row's cells for CSV (csvCell: numbers in full precision, true/false, null empty). */
export function comparisonCsvRow(columns: ComparisonColumn[], row: ComparisonRow): (string | number)[] {
  return columns.map((c) => csvCell(c.value(row)));
}

/** A row's cells for reading in `words` (English: 4 significant digits, yes/no), null as "—". */
export function comparisonDisplayRow(
  columns: ComparisonColumn[],
  row: ComparisonRow,
  words: ComparisonCellWords = REPORT_EN.comparisonCells,
): string[] {
  return columns.map((c) => {
    const value = c.value(row);
    if (value === null) return '—';
    return c.display ? c.display(value, words, row) : displayValue(value, words);
  });
}
