/**
 * A terminal table drawn row by row, character for character as cli-table3 0.6 draws it with no colours, compact
 * style and cells of one line or several (the point tables of table.ts and compact-table.ts; a wrapped label is a
 * cell of several lines). cli-table3 lays a table out by checking every cell against every earlier row (its
 * fillInTable), which takes minutes for tens of thousands of points; this writer is linear in the cells. A table
 * with a cell it does not draw the same way (a terminal escape code) or rows of uneven length is handed to
 * cli-table3 itself.
 */
import Table from 'cli-table3';
import stringWidth from 'string-width';

/** What cli-table3 writes where a cell's text is cut to fit its column. */
const TRUNCATED = '…';
/** Text of printable ASCII only: one terminal column a character (string-width's answer, without its cost). */
const ASCII = /^[\x20-\x7e]*$/;
/** Blank columns on each side of a cell's text (cli-table3's default padding). */
const PADDING = 1;

/**
 * `head` and `rows` as cli-table3 draws them with `{ head, colWidths, style: { head: [], border: [], compact: true } }`
 * (no trailing newline). `colWidths[i]`, when given, is column i's width in terminal columns with its padding;
 * other columns are as wide as their widest cell plus the padding. Text wider than its column is cut and ends "…".
 */
export function drawTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  colWidths: readonly number[] = [],
): string {
  if (!drawnHere(head, rows)) return cliTable3(head, rows, colWidths);
  const widths = head.map((name, i) => {
    if (colWidths[i] !== undefined) return Math.max(1, colWidths[i]);
    let widest = widestLine(name);
    for (const row of rows) widest = Math.max(widest, widestLine(row[i]!));
    return Math.max(1, widest + 2 * PADDING);
  });
  const rule = (left: string, joint: string, right: string) =>
    `${left}${widths.map((w) => '─'.repeat(w)).join(joint)}${right}`;
  const lines = [rule('┌', '┬', '┐'), ...rowLines(head, widths)];
  if (rows.length > 0) lines.push(rule('├', '┼', '┤'));
  for (const row of rows) lines.push(...rowLines(row, widths));
  lines.push(rule('└', '┴', '┘'));
  return lines.join('\n');
}

/** The lines of one row: as many as its tallest cell has, the others' cells blank below their text (top-aligned). */
function rowLines(cells: readonly string[], widths: readonly number[]): string[] {
  const split = cells.map((text) => (text.includes('\n') ? text.split('\n') : [text]));
  const height = split.reduce((most, c) => Math.max(most, c.length), 1);
  const out: string[] = [];
  for (let j = 0; j < height; j += 1) {
    out.push(`│${split.map((c, i) => cellText(c[j] ?? '', widths[i]! - 2 * PADDING)).join('│')}│`);
  }
  return out;
}

/** Terminal columns of the widest line of a cell. */
function widestLine(text: string): number {
  if (!text.includes('\n')) return columnsOf(text);
  return text.split('\n').reduce((most, line) => Math.max(most, columnsOf(line)), 0);
}

/** Terminal columns of one line of text, as cli-table3 measures it (string-width). */
function columnsOf(text: string): number {
  return ASCII.test(text) ? text.length : stringWidth(text);
}

/** Whether no cell has an escape code and every row has a cell per column. */
function drawnHere(head: readonly string[], rows: readonly (readonly string[])[]): boolean {
  const plain = (text: string) => !text.includes('\u001b');
  return head.every(plain) && rows.every((row) => row.length === head.length && row.every(plain));
}

/** A cell's text cut to `width` columns as cli-table3 cuts it (utils.truncate), padded on both sides. */
function cellText(text: string, width: number): string {
  let shown = text;
  if (columnsOf(text) > width) {
    const room = width - columnsOf(TRUNCATED);
    if (room <= 0) shown = '';
    else if (text.length === columnsOf(text)) shown = text.slice(0, room);
    else while (columnsOf(shown) > room) shown = shown.slice(0, -1);
    shown += TRUNCATED;
  }
  const gap = ' '.repeat(PADDING);
  return `${gap}${shown}${' '.repeat(Math.max(0, width - columnsOf(shown)))}${gap}`;
}

function cliTable3(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  colWidths: readonly number[],
): string {
  const table = new Table({
    head: [...head],
    ...(colWidths.length > 0 ? { colWidths: [...colWidths] } : {}),
    style: { head: [], border: [], compact: true },
  });
  for (const row of rows) table.push([...row]);
  return table.toString();
}
