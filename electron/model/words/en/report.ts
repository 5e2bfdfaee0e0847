/**
 * The reports' English words in the Markdown, HTML and PDF exports and the CLI: human headers with units and
 * dates in UTC, as the zh-CN words have them (CSV and JSON keep the column names: docs/exports.md).
 * test/unit/report/english-report.test.ts and the golden files of test/golden keep the output they make.
 */
import { displayNumber, type CellWords, type ReportTable } from '../report';
import { METHODS_EN } from './methods';
import { countOf } from '../plural';

const INCORRECT_LABEL = 'INCORRECT (not synchronization)';

/** The cells' English words: what CSV's neighbours (Markdown, the terminal table) have always said. */
const CELLS: CellWords = {
  yes: 'yes',
  no: 'no',
  incorrect: INCORRECT_LABEL,
  number: displayNumber,
  verification: (v) =>
    v.ok ? `ok (${v.verified} verified)` : `FAILED (${v.mismatches} of ${v.verified} mismatched)`,
  stoppedBy: (id) => id,
};

const PUBLISHED_LABEL = 'published, not measured by this product';

const dateTime = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** An ISO date as a date and time in UTC ("Jan 2, 2000, 03:04:05 UTC"); the text itself when it is no date. */
function date(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${dateTime.format(d)} UTC`;
}

/** Headers of the point table (columns.ts POINT_COLUMNS) in Markdown, HTML and PDF, by column name, with units. */
const POINT_HEADERS: Record<string, string> = {
  index: '#',
  param: 'parameter',
  gridBlocks: 'grid blocks',
  threadsPerBlock: 'threads per block',
  clusterSize: 'cluster size',
  perSyncNs_median: 'median per sync (ns)',
  perSyncNs_p10: 'p10 per sync (ns)',
  perSyncNs_p90: 'p90 per sync (ns)',
  perSyncNs_ciLow: '95% CI low per sync (ns)',
  perSyncNs_ciHigh: '95% CI high per sync (ns)',
  perSyncCycles_median: 'median per sync (cycles)',
  perSyncNsFromCycles: 'per sync from cycles (ns)',
  wholeKernelMs_median: 'median whole kernel (ms)',
  clockMeasuredMHz: 'measured clock (MHz)',
  reps: 'repetitions',
  stoppedBy: 'stopped by',
  coldMs: 'cold launch (ms)',
};

/** Headers of a comparison's columns (compare/columns.ts): the row's, then each run's by `run<N>_<field>`. */
const COMPARISON_HEADERS: Record<string, string> = {
  basis: 'figure',
  perSyncNs_median: 'median per sync (ns)',
  perSyncNs_ciLow: '95% CI low per sync (ns)',
  perSyncNs_ciHigh: '95% CI high per sync (ns)',
  wholeKernelMs_median: 'median whole kernel (ms)',
  delta: 'Δ vs run 1',
  ratio: 'ratio to run 1',
  floorKind: 'floor from',
};

function comparisonHeader(name: string): string {
  const run = /^run(\d+)_(.+)$/.exec(name);
  if (run) return `run ${run[1]} ${COMPARISON_HEADERS[run[2]!] ?? run[2]}`;
  return COMPARISON_HEADERS[name] ?? name;
}

export const REPORT_EN: ReportTable = {
  locale: 'en',
  date,
  cells: CELLS,
  comparisonCells: { ...CELLS, verdict: (v) => v },
  summary: {
    unknownDevice: 'unknown device',
    device: (d) =>
      [
        d.name,
        `compute capability ${d.cc}`,
        `${d.sms} SMs`,
        ...(d.smClock !== null ? [`SM clock up to ${d.smClock} MHz`] : []),
        ...(d.memoryClock !== null ? [`memory clock up to ${d.memoryClock} MHz`] : []),
      ].join(', '),
    versions: (driver, runtime, build) =>
      `driver ${driver}, runtime ${runtime}` +
      (build ? `; addon built with CUDA ${build.cuda} for ${build.architectures}` : ''),
    app: (name, version, commit) => `${name} ${version} (commit ${commit})`,
    host: (h) => `${h.hostname} (${h.platform} ${h.osRelease}, ${h.arch}, ${h.cpuModel}, Node ${h.node})`,
    parameters: (p) =>
      `${p.list || 'none'}; stopping: warm-up ${p.warmup}, ${p.minReps}–${p.maxReps} repetitions, ` +
      `${p.minTimeMs}–${p.maxTimeMs} ms, target relative CI ${p.targetPct}%; throttled below ${p.throttlePct}% ` +
      `of the peak SM clock; schedule flag ${p.scheduleFlag}`,
    ratio: (value, basis) => `${value}× (${basis === 'perSyncNs' ? 'per-sync ns' : 'whole-kernel ms'})`,
    flagNoisy: 'Noisy (stopped before reaching the noise target)',
    flagThrottled: (pct) => `Throttled (SM clock below ${pct}% of peak)`,
    flagIncorrect: `${INCORRECT_LABEL}, never in ratios`,
    flagVerification: 'Verification failed',
    noPoints: 'none',
    pointList: (items) => items.join(', '),
    status: (status, error) => (error === null ? status : `${status}: ${error}`),
    publishedSource: (citation, note) =>
      `Published reference, not measured by this product: ${citation ?? 'no citation given'}.${note}`,
    measuredSource: (s) =>
      `Measured by ${s.app} on ${s.host}, ${s.device ?? 'unknown device'}; result id ${s.id}.` +
      `${s.citation ? ` Compare with: ${s.citation}.` : ''}${s.note}`,
  },
  runPage: {
    field: (label, value) => `- **${label}:** ${value}`,
    labels: {
      provenance: 'Provenance',
      mode: 'Mode',
      device: 'Device',
      versions: 'Versions',
      app: 'App',
      host: 'Host',
      date: 'Date',
      parameters: 'Parameters',
    },
    provenance: {
      reference: (device, date) =>
        `reference dataset, not this GPU: measured on ${device} on ${date}, shipped with the app`,
      published: (citation) => `published, not measured by this product: ${citation}`,
      measured: (device, date) => `measured on ${device} on ${date}`,
    },
    mode: (code, points, status) => `${code} · ${countOf(points, 'point')} · status ${status}`,
    dates: (startedAt, finishedAt) => `${startedAt} to ${finishedAt}`,
    headings: {
      method: 'Method',
      points: 'Points',
      ratios: 'Headline ratios',
      flags: 'Flags',
      notes: 'Notes',
      source: 'Source',
      bothFigures: 'Both figures of this run',
    },
    noNotes: 'None.',
    note: (note) => note,
    notesAsRecorded: () => null,
    noPointRows: 'No points.',
    noRatios: 'None for this run.',
    publishedMethod: (source) => [
      `- Values copied from ${source}; not measured by this product. Only the published medians are known: no ` +
        'samples, no spread and no confidence interval.',
      '- Whole-kernel figures (`wholeKernelMs`) are event times of a whole launch and include launch overhead.',
    ],
    sourceNamedBelow: 'the source named below',
    figuresHeader: [
      '#',
      'label',
      'lo',
      'hi',
      'units per iteration',
      'baseline',
      'median per sync (ns)',
      'median whole kernel (µs)',
      'units in the short run (µs)',
      'share of the short run',
      'clock',
      'stopped by',
    ],
    stoppedByReps: (stoppedBy, reps) => `${stoppedBy} (${reps} reps)`,
    pointHeader: (name) => POINT_HEADERS[name] ?? name,
    ratioHeader: ['ratio', 'value', 'numerator', 'denominator'],
  },
  comparison: {
    title: (runs) => `Comparison of ${runs} run${runs === 1 ? '' : 's'}`,
    runsHeader: ['run', 'name', 'id', 'device', 'mode', 'created', 'source'],
    unknownDevice: 'unknown',
    sourceKind: (kind) => kind,
    referenceSource: 'reference dataset, not this GPU',
    difference: (_text, english) => english,
    noDifferences: 'None noted: same device, clocks, versions and parameters.',
    headings: { differences: 'Differences', points: 'Points', verdicts: 'Verdicts' },
    pointsNote:
      'Delta, ratio and floor are against run 1, on the row’s basis and in its unit (perSyncNs in ns, ' +
      'wholeKernelMs in ms); each run’s label is its own configuration.',
    header: comparisonHeader,
    verdictCount: (count, verdict) => `${count} ${verdict}`,
    verdictLine: (run, counts) => `- Run ${run} against run 1: ${counts.join(', ')}.`,
    incorrectNotCounted: '- Points marked incorrect (not synchronization) are not counted.',
  },
  html: {
    publishedLabel: PUBLISHED_LABEL,
    publishedNote: (published, runs) =>
      published === 0
        ? ''
        : ` ${published === runs ? 'Its numbers are' : `${published} of its ${runs} runs are`} ` +
          `${PUBLISHED_LABEL}: they are labelled where they show.`,
    header: (app, made, note) =>
      `${app} report, made ${made}. One self-contained file: the tables are text, the charts are drawn by the ` +
      `script inside it, and the result files are embedded whole.${note}`,
    runProvenance: (run, line) => `Run ${run}: ${line}.`,
    chartLabel: (title) => `Chart: ${title}`,
    caption: (title) =>
      `${title}. Drawn by this file's own script from the results embedded in it; the tables hold every value.`,
    noScript: 'The chart needs JavaScript; the tables hold every value.',
    runChartTitle: (mode, name, published) =>
      `${mode} — ${name}${published && !name.includes(PUBLISHED_LABEL) ? ` (${PUBLISHED_LABEL})` : ''}`,
    comparisonChartTitle: (runs, lines) =>
      `Comparison of ${runs} runs (${lines ? 'one dash and marker per run, one colour per series' : 'one colour per run'})`,
    publishedBanner: (citation) =>
      `Published in ${citation ?? 'a publication'}, not measured by this product.`,
    sanitizerHeader: ['tool', 'kernel', 'expected', 'errors', 'warnings', 'outcome', 'summary'],
    sanitizerKernel: (what, workload) => `${what} (${workload})`,
    expectClean: 'clean',
    expectHazard: 'hazard reported',
    sanitizerOutcome: (outcome) => outcome.text,
    sanitizerExcerpt: (tool, workload) => `${tool} on ${workload}: the tool's output`,
  },
  method: METHODS_EN,
};
