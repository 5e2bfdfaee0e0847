/**
 * The words a report is written in: every sentence, heading and table header of the Markdown results
 * page (markdown.ts, summary.ts), the comparison page (compare/format.ts) and the HTML report (report/), with the
 * number and date format of its language. The structure and every fact stay in those files; a language supplies
 * only these words, so the English (en/report.ts: the CLI, the exports) and the Simplified Chinese
 * (zh-CN/report.ts) say the same things. Result-file data (run names, point labels, ratio names, notes,
 * citations, a tool's output), API names, mode ids and field names are passed in and never translated.
 */
import type { HostText, Locale } from '../../contract';
import type { Verdict } from './compare';
import type { MethodWords, ModeText } from './methods';
import type { Point, Ratio, ResultFile } from '../../contract/result-file';

/**
 * The words and number format of the cells a person reads (Markdown, the terminal table, the reports): English
 * in words/en/report.ts, Simplified Chinese in words/zh-CN/report.ts. CSV never uses them.
 */
export interface CellWords {
  yes: string;
  no: string;
  /** An `incorrect: true` point's label (measured only to show a cost, never ranked or used in ratios). */
  incorrect: string;
  /** A number for reading (English: displayNumber). */
  number(value: number): string;
  /** A point's verification: values checked and, when it failed, how many mismatched. */
  verification(v: NonNullable<Point['verification']>): string;
  /** Why a point stopped repeating (the result file's `stoppedBy` id). */
  stoppedBy(id: Point['stoppedBy']): string;
}

/** The words of a comparison's cells: a point's (CellWords) and the verdicts. */
export interface ComparisonCellWords extends CellWords {
  verdict(v: Verdict): string;
}

/** How a run turned out: as expected, against expectation, or unreadable (no summary line). */
export interface SanitizerOutcome {
  expected: boolean | null;
  /** Which outcome, for shells that word it in another language (the renderer's `sanitizer.outcomes.<kind>`). */
  kind: 'unreadable' | 'clean' | 'hazardsOnCorrect' | 'detected' | 'missed';
  text: string;
}

/** A number to 4 significant digits, trailing zeros dropped (integers unchanged): English cells' number format. */
export function displayNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
}

/** The sentences about one result shared by the Markdown page and the terminal formats (summary.ts). */
export interface SummaryWords {
  unknownDevice: string;
  /** Device facts, already formatted: clocks in MHz, null where unknown. */
  device(d: {
    name: string;
    cc: string;
    sms: number;
    smClock: string | null;
    memoryClock: string | null;
  }): string;
  versions(driver: string, runtime: string, build: { cuda: string; architectures: string } | null): string;
  app(name: string, version: string, commit: string): string;
  host(h: ResultFile['provenance']['host']): string;
  /** The plan: `list` the parameters ("iters=256, nwarps=8", '' for none), numbers already formatted. */
  parameters(p: {
    list: string;
    warmup: number;
    minReps: number;
    maxReps: number;
    minTimeMs: string;
    maxTimeMs: string;
    targetPct: string;
    throttlePct: string;
    scheduleFlag: string;
  }): string;
  /** "77.53× (per-sync ns)": the value formatted, the ratio's basis. */
  ratio(value: string, basis: Ratio['basis']): string;
  flagNoisy: string;
  flagThrottled(pct: string): string;
  flagIncorrect: string;
  flagVerification: string;
  /** An empty list of points. */
  noPoints: string;
  pointList(items: string[]): string;
  /** The result's status id, as a word; `error` the run's own message (English, data). */
  status(status: ResultFile['status'], error: string | null): string;
  publishedSource(citation: string | null, note: string): string;
  measuredSource(s: {
    app: string;
    host: string;
    device: string | null;
    id: string;
    citation: string | null;
    note: string;
  }): string;
}

/** The Markdown results page of one run (markdown.ts). */
export interface RunPageWords {
  /** "- **Device:** value". */
  field(label: string, value: string): string;
  labels: Record<
    'provenance' | 'mode' | 'device' | 'versions' | 'app' | 'host' | 'date' | 'parameters',
    string
  >;
  /**
   * Where the numbers come from (docs/exports.md#provenance), the first line of a run's page: a reference dataset
   * shipped with the app (not this GPU), a published result with its citation, or a run measured on a device
   * (device name, start date formatted).
   */
  provenance: {
    reference(device: string, date: string): string;
    published(citation: string): string;
    measured(device: string, date: string): string;
  };
  /** The mode line's value: the mode id in backticks, the point count, the status. */
  mode(code: string, points: number, status: string): string;
  /** The run's start and end (ISO dates from the result file). */
  dates(startedAt: string, finishedAt: string): string;
  headings: Record<'method' | 'points' | 'ratios' | 'flags' | 'notes' | 'source' | 'bothFigures', string>;
  noNotes: string;
  /** A note of the result file in the report's language (the core's notes of known form), else as recorded. */
  note(note: string): string;
  /** A line saying that some of `notes` stay the file's own English, or null when none does. */
  notesAsRecorded(notes: readonly string[]): string | null;
  noPointRows: string;
  noRatios: string;
  /** The method of a published result: its source (a citation, inline Markdown) and what is known. */
  publishedMethod(source: string): string[];
  /** Said of a published result whose citation is missing. */
  sourceNamedBelow: string;
  /** Headers of the "both figures" table (12 columns: see markdown.ts figuresTable). */
  figuresHeader: string[];
  stoppedByReps(stoppedBy: string, reps: number): string;
  /** The header of a point column (columns.ts POINT_COLUMNS name). */
  pointHeader(name: string): string;
  ratioHeader: [string, string, string, string];
}

/** The comparison page (compare/format.ts). */
export interface ComparisonWords {
  title(runs: number): string;
  runsHeader: [string, string, string, string, string, string, string];
  unknownDevice: string;
  /** A run's source kind ('measured', 'published'). */
  sourceKind(kind: string): string;
  /** The source of a measured run that is a reference dataset shipped with the app (not this GPU). */
  referenceSource: string;
  /** A difference note (compare/differences.ts) in these words; `english` when a template is missing. */
  difference(text: HostText, english: string): string;
  noDifferences: string;
  headings: Record<'differences' | 'points' | 'verdicts', string>;
  pointsNote: string;
  /** The header of a comparison column (compare/columns.ts name). */
  header(name: string): string;
  verdictCount(count: number, verdict: string): string;
  verdictLine(run: number, counts: string[]): string;
  incorrectNotCounted: string;
  /** The verdict rule with its thresholds. */
  rule: string;
}

/** The HTML report's own text (report/html.ts, sections.ts, sanitizer.ts). */
export interface HtmlWords {
  /** Said wherever published numbers show. */
  publishedLabel: string;
  /** The page header's note on published runs: how many of how many are published (none: ''). */
  publishedNote(published: number, runs: number): string;
  /** The page header: app and version, when it was made (formatted), the note. */
  header(app: string, made: string, note: string): string;
  /** A comparison's header line of run `run` (1-based): its provenance line (RunPageWords provenance). */
  runProvenance(run: number, line: string): string;
  chartLabel(title: string): string;
  caption(title: string): string;
  noScript: string;
  /** A run's chart title: mode id and run name, and whether to say it is published. */
  runChartTitle(mode: string, name: string, published: boolean): string;
  /** A comparison's chart title: how many runs, and how they are told apart (by colour for bars, else by dash). */
  comparisonChartTitle(runs: number, lines: boolean): string;
  /** The banner of a published run (the citation, or a fallback). */
  publishedBanner(citation: string | null): string;
  sanitizerHeader: [string, string, string, string, string, string, string];
  sanitizerKernel(what: string, workload: string): string;
  expectClean: string;
  expectHazard: string;
  sanitizerOutcome(outcome: SanitizerOutcome): string;
  sanitizerExcerpt(tool: string, workload: string): string;
}

export interface ReportWords {
  /** The language of these words (BCP 47; `<html lang>`). */
  locale: Locale;
  /** A date and time (ISO) for reading. */
  date(iso: string): string;
  cells: CellWords;
  comparisonCells: ComparisonCellWords;
  summary: SummaryWords;
  runPage: RunPageWords;
  comparison: ComparisonWords;
  html: HtmlWords;
  /** The method sections' words (electron/model/methods) and the modes' titles and questions. */
  method: MethodWords;
  modeText(id: string): ModeText;
}

/**
 * What a locale's report catalogue holds: ReportWords less what the host composes from other areas
 * (electron/core/format/report-locale.ts): the modes' titles and questions (English from each mode's ModeInfo) and
 * the verdict rule filled with the comparison's thresholds.
 */
export type ReportTable = Omit<ReportWords, 'modeText' | 'comparison'> & {
  comparison: Omit<ComparisonWords, 'rule'>;
};
