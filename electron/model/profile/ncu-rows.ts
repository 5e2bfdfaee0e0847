/**
 * Nsight Compute's CSV lines as fields, fed chunk by chunk so that a page of any size is read as it comes, without
 * the whole page in one string. ncu writes every field in double quotes, one row per line, and does not double
 * the quotes inside a field (`"#include "example.cuh""`), so a row is the text between its first and last quote
 * split at `","` (docs/profile.md#what-ncu-writes). Lines ncu prints about itself (`==PROF==`, `==WARNING==`) are
 * dropped. This is 20× faster than a general CSV parser on the same page (docs/profile.md#speed).
 */

/** One line of ncu's CSV as its fields; a line without quotes is split at commas. */
export function ncuFields(line: string): string[] {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) {
    return text.slice(1, -1).split('","');
  }
  return text.split(',');
}

/** Whatever reads one page row by row (raw-page.ts, opcode-page.ts, source-page.ts). */
export interface NcuRowReader {
  row(fields: string[]): void;
}

/** Splits text chunks into lines and hands each non-empty row of ncu's table to `reader`. */
export class NcuRowStream {
  private pending = '';
  private started = false;

  constructor(private readonly reader: NcuRowReader) {}

  /** A chunk of the page's text, cut anywhere. */
  push(chunk: string): void {
    const text = this.pending + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      this.line(text.slice(start, nl));
      start = nl + 1;
    }
    this.pending = text.slice(start);
  }

  /** The end of the page: its last line, if it had no newline. */
  end(): void {
    if (this.pending) this.line(this.pending);
    this.pending = '';
  }

  private line(raw: string): void {
    const line = this.started ? raw : raw.replace(/^\uFEFF/, '');
    if (line === '' || line === '\r' || line.startsWith('==')) return;
    this.started = true;
    this.reader.row(ncuFields(line));
  }
}

/** Feeds a whole page's text (a fixture, a test) to `reader`; returns the reader. */
export function readNcuText<R extends NcuRowReader>(text: string, reader: R): R {
  const stream = new NcuRowStream(reader);
  stream.push(text);
  stream.end();
  return reader;
}
