/**
 * What an HTML report carries for its page script (renderer/report): the result files, whole and unchanged (so the
 * report is also a copy of the data, and re-imports equal), and the charts to draw. Types and constants only, no
 * Node imports: the core writes this and the page reads it.
 */
import type { Locale } from '../../contract';
import type { Plan, ResultFile } from '../results/schema';

/** Id of the `<script type="application/json">` element that holds the ReportData. */
export const REPORT_DATA_ID = 'syncbench-report-data';
export const REPORT_DATA_FORMAT = 'syncbench-report';
export const REPORT_DATA_VERSION = 1;

/** One chart of the report: which canvas, how it is drawn, and which runs' points it shows. */
export interface ReportChart {
  /** Id of the `<canvas>` element in the page. */
  canvasId: string;
  title: string;
  kind: 'line' | 'bars';
  xAxis: Plan['xAxis'];
  /**
   * Indexes into ReportData.results. One run: its points as they are. Several: overlaid as the Compare view does
   * ("Run N", one colour per run, on the figure every run has: per-sync when all have it, else the whole kernel).
   */
  runs: number[];
}

export interface ReportData {
  format: typeof REPORT_DATA_FORMAT;
  version: typeof REPORT_DATA_VERSION;
  results: ResultFile[];
  charts: ReportChart[];
  /** The language the charts' axes, legends and numbers are drawn in (absent: English). Titles come written. */
  locale?: Locale;
}
