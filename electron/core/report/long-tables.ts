/**
 * Long tables of a report page rendered without markdown-it's token stream. A 36,000-point run's page holds two
 * tables of 36,000 rows; markdown-it makes about thirty tokens per row and spent most of a report's time (and its
 * garbage collector's) on them. A table of at least LONG_TABLE_MIN_ROWS rows, standing alone between blank lines,
 * is written here as markdown-it writes a GFM table (the same elements, line breaks and `text-align` styles); each
 * cell is escaped text when it holds nothing Markdown would read, else markdown-it's own inline rendering. Every
 * other block, and any table that is not the regular shape the pages make (a cell count that differs from the
 * header's), goes through markdown-it as before. test/unit/report/long-tables.test.ts holds the output equal to
 * markdown-it's.
 */

/** Rows (after the header and the delimiter row) from which a table is rendered here. */
export const LONG_TABLE_MIN_ROWS = 100;

/** How the rest of the page is rendered (markdown-it: a block of Markdown, one cell's inline Markdown, escaping). */
export interface MarkdownRenderer {
  render(markdown: string): string;
  renderInline(markdown: string): string;
  escapeHtml(text: string): string;
}

/** Characters after which a cell's text is not plain: escapes, code, emphasis, links, HTML, entities, NUL, CR. */
const MARKDOWN_SYNTAX = /[\\`*_~[\]!<>&\0\r]/;
const DELIMITER_CELL = /^:?-+:?$/;

/** `page` (Markdown) as HTML, equal to `renderer.render(page)`; long tables are written directly. */
export function renderWithLongTables(page: string, renderer: MarkdownRenderer): string {
  const lines = page.split('\n');
  const out: string[] = [];
  let from = 0;
  let i = 0;
  while (i < lines.length) {
    const end = tableEnd(lines, i);
    const html = end - i - 2 >= LONG_TABLE_MIN_ROWS ? tableHtml(lines, i, end, renderer) : null;
    if (html === null) {
      i = Math.max(end, i + 1);
      continue;
    }
    if (i > from) out.push(renderer.render(lines.slice(from, i).join('\n')));
    out.push(html);
    from = end;
    i = end;
  }
  if (from < lines.length) out.push(renderer.render(lines.slice(from).join('\n')));
  return out.join('');
}

/**
 * The line after the table that starts at line `start` (a run of lines that begin with "|", preceded by a blank
 * line or the start of the page), or `start` when none starts there.
 */
function tableEnd(lines: readonly string[], start: number): number {
  if (!lines[start]!.startsWith('|') || (start > 0 && lines[start - 1]!.trim() !== '')) return start;
  let end = start;
  while (end < lines.length && lines[end]!.startsWith('|')) end += 1;
  if (end < lines.length && lines[end]!.trim() !== '') return start;
  return end;
}

/** The HTML of the table in lines [start, end), as markdown-it writes it, or null when it is not regular. */
function tableHtml(
  lines: readonly string[],
  start: number,
  end: number,
  renderer: MarkdownRenderer,
): string | null {
  const aligns = delimiterAligns(lines[start + 1]!);
  const header = rowCells(lines[start]!);
  if (!aligns || header.length !== aligns.length) return null;
  const attrs = aligns.map((a) => (a ? ` style="text-align:${a}"` : ''));
  // Cells repeat down a column (a workload, a clock source): each distinct Markdown cell is rendered once.
  const inline = new Map<string, string>();
  const cell = (tag: string, text: string, column: number) =>
    `<${tag}${attrs[column]}>${cellHtml(text.trim(), renderer, inline)}</${tag}>\n`;
  const parts = ['<table>\n<thead>\n<tr>\n', ...header.map((h, c) => cell('th', h, c)), '</tr>\n</thead>\n'];
  if (end > start + 2) parts.push('<tbody>\n');
  for (let r = start + 2; r < end; r += 1) {
    const cells = rowCells(lines[r]!);
    if (cells.length !== header.length) return null;
    parts.push('<tr>\n', ...cells.map((text, c) => cell('td', text, c)), '</tr>\n');
  }
  if (end > start + 2) parts.push('</tbody>\n');
  parts.push('</table>\n');
  return parts.join('');
}

/** The alignment of each column ('', 'left', 'right', 'center') from a delimiter row, or null when it is not one. */
function delimiterAligns(line: string): string[] | null {
  const columns = line.trim().split('|');
  const aligns: string[] = [];
  for (let i = 0; i < columns.length; i += 1) {
    const t = columns[i]!.trim();
    if (!t) {
      if (i === 0 || i === columns.length - 1) continue;
      return null;
    }
    if (!DELIMITER_CELL.test(t)) return null;
    const left = t.startsWith(':');
    const right = t.endsWith(':');
    aligns.push(right ? (left ? 'center' : 'right') : left ? 'left' : '');
  }
  return aligns;
}

/** The cells of a row: split at "|" not escaped by "\" (whose backslash is dropped), outer empty cells removed. */
function rowCells(line: string): string[] {
  const text = line.trim();
  const cells: string[] = [];
  let current = '';
  let last = 0;
  for (let pos = 0; pos < text.length; pos += 1) {
    if (text.charCodeAt(pos) !== 0x7c) continue;
    if (pos > 0 && text.charCodeAt(pos - 1) === 0x5c) {
      current += text.slice(last, pos - 1);
      last = pos;
    } else {
      cells.push(current + text.slice(last, pos));
      current = '';
      last = pos + 1;
    }
  }
  cells.push(current + text.slice(last));
  if (cells.length && cells[0] === '') cells.shift();
  if (cells.length && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

function cellHtml(text: string, renderer: MarkdownRenderer, rendered: Map<string, string>): string {
  if (!MARKDOWN_SYNTAX.test(text)) return renderer.escapeHtml(text);
  let html = rendered.get(text);
  if (html === undefined) {
    html = renderer.renderInline(text);
    if (rendered.size < MAX_REMEMBERED_CELLS) rendered.set(text, html);
  }
  return html;
}

/** Distinct Markdown cells remembered per table (bounds the memory of a table whose every cell differs). */
const MAX_REMEMBERED_CELLS = 10_000;
