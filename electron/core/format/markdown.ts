/**
 * A result as a Markdown results page, in the style of the chapter's results file: title, device, versions, host and
 * date, the method (this run's plan, both figures per point, how the mode's numbers are made), the point table
 * (POINT_COLUMNS), the headline ratios, the flagged points, notes and the source. In the words of a report's
 * language (report-words.ts; English by default).
 */
import { markdownTable } from 'markdown-table';

import { methodsMarkdown, runMethodLines, runMethodRows } from '../../model/methods';
import type { ResultFile } from '../../model/results/schema';
import { displayRow, POINT_COLUMNS } from '../../model/format/columns';
import type { ReportWords } from '../../model/words/report';
import { provenanceText } from './provenance';
import { withShownLabels } from './shown-labels';
import { REPORT_WORDS_EN } from './report-locale';
import {
  appText,
  deviceText,
  flagGroups,
  hostText,
  parametersText,
  pointList,
  ratioText,
  shownRatios,
  sourceText,
  statusText,
  versionsText,
} from './summary';

/** The notes as a list in the report's words (w.note), with a line where some stay the file's English. */
function notesText(notes: readonly string[], w: ReportWords['runPage']): string {
  if (notes.length === 0) return w.noNotes;
  const list = notes.map((n) => `- ${inline(w.note(n))}`).join('\n');
  const recorded = w.notesAsRecorded(notes);
  return recorded === null ? list : `${list}\n\n${recorded}`;
}

/**
 * The Markdown page of `result` (GitHub-flavoured tables) in `words`, ending with a newline. Its first line after
 * the title is its provenance (provenance.ts): `referenceIds` are the ids of the reference datasets shipped with
 * the app (default none), which say they were not measured on this GPU.
 */
export function formatMarkdown(
  recorded: ResultFile,
  words: ReportWords = REPORT_WORDS_EN,
  referenceIds: ReadonlySet<string> = new Set(),
): string {
  const result = withShownLabels(recorded, words.locale);
  const p = result.provenance;
  const w = words.runPage;
  const sw = words.summary;
  const num = words.cells.number;
  const field = (label: keyof typeof w.labels, value: string) => w.field(w.labels[label], value);
  const sections = [
    `# ${inline(result.name)}`,
    [
      field('provenance', inline(provenanceText(result, referenceIds.has(result.id), words))),
      field('mode', w.mode(`\`${result.plan.mode}\``, result.points.length, inline(statusText(result, sw)))),
      field('device', inline(deviceText(result, sw, num))),
      field('versions', inline(versionsText(result, sw))),
      field('app', inline(appText(result, sw))),
      field('host', inline(hostText(result, sw))),
      field('date', w.dates(words.date(p.startedAt), words.date(p.finishedAt))),
      field('parameters', inline(parametersText(result, sw, num))),
    ].join('\n'),
    `## ${w.headings.method}\n\n${methodText(result, words)}`,
    `## ${w.headings.points}\n\n${pointTable(result, words)}`,
    `## ${w.headings.ratios}\n\n${ratioTable(result, words)}`,
    `## ${w.headings.flags}\n\n${flagGroups(result, sw, num)
      .map((g) => `- ${g.title}: ${inline(pointList(g.points, sw))}`)
      .join('\n')}`,
    `## ${w.headings.notes}\n\n${notesText(result.notes, w)}`,
    `## ${w.headings.source}\n\n${inline(sourceText(result, sw))}`,
  ];
  return `${sections.join('\n\n')}\n`;
}

/**
 * The method: for measured results this run's own plan (stopping rule, clocks, flag counts), both figures of each
 * point side by side, then how the mode's numbers are produced (electron/model/methods).
 */
function methodText(result: ResultFile, words: ReportWords): string {
  if (result.source.kind === 'published') {
    return words.runPage
      .publishedMethod(inline(result.source.citation ?? words.runPage.sourceNamedBelow))
      .join('\n');
  }
  return [
    runMethodLines(result, words.method.run)
      .map((line) => `- ${inline(line)}`)
      .join('\n'),
    `### ${words.runPage.headings.bothFigures}\n\n${figuresTable(result, words)}`,
    methodsMarkdown([result.plan.mode], 3, words.method, words.modeText).trimEnd(),
  ].join('\n\n');
}

/** Per point: iteration counts, the per-sync median, the whole short launch and the units' share of it. */
function figuresTable(result: ResultFile, words: ReportWords): string {
  const rows = runMethodRows(result, words.method.run);
  if (rows.length === 0) return words.runPage.noPointRows;
  const n = words.cells.number;
  const num = (v: number | null | undefined) => (v === null || v === undefined ? '—' : n(v));
  return markdownTable([
    words.runPage.figuresHeader,
    ...rows.map((r) =>
      [
        String(r.index),
        r.label,
        String(r.lo),
        String(r.hi),
        num(r.unitsPerIter),
        r.baseline ?? '—',
        num(r.perSyncNs),
        num(r.wholeKernelMs === null ? null : r.wholeKernelMs * 1000),
        num(r.share?.unitsUs),
        r.share ? `${n(r.share.share * 100)}%` : '—',
        r.clock,
        words.runPage.stoppedByReps(words.cells.stoppedBy(r.stoppedBy), r.reps),
      ].map(inline),
    ),
  ]);
}

function pointTable(result: ResultFile, words: ReportWords): string {
  if (result.points.length === 0) return words.runPage.noPointRows;
  return markdownTable([
    POINT_COLUMNS.map((c) => words.runPage.pointHeader(c.name)),
    ...result.points.map((p) => displayRow(p, words.cells).map(inline)),
  ]);
}

function ratioTable(result: ResultFile, words: ReportWords): string {
  const ratios = shownRatios(result);
  if (ratios.length === 0) return words.runPage.noRatios;
  return markdownTable([
    words.runPage.ratioHeader,
    ...ratios.map((r) =>
      [r.name, ratioText(r, words.summary, words.cells.number), r.numerator, r.denominator].map(inline),
    ),
  ]);
}

/**
 * Text from data, safe inside a Markdown table cell, heading or list item: pipes escaped (they would split a
 * cell), line breaks flattened, and the characters that start raw HTML, autolinks, entities, links and images
 * (`<`, `>`, `&`, `[`, `]`), emphasis (`*`, `_`) and code spans (`` ` ``) backslash-escaped with the backslash
 * itself, so a name like `<script>`, `[x](javascript:…)`, `**b**` or `` `c` `` reads as written in every Markdown
 * renderer (CommonMark §2.4, backslash escapes).
 */
export function inline(text: string): string {
  return text.replace(/[\\<>&[\]|*_`]/g, (c) => `\\${c}`).replace(/\s*\n\s*/g, ' ');
}
