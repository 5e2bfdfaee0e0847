/**
 * Where a text stops being JSON (RFC 8259): a scanner of the grammar that reports the first offending character's
 * offset. JSON.parse says where only for some errors, so diagnostics.ts scans a failed parse again with it.
 */

/** Thrown by the scanner at the first character that is not JSON. */
class JsonSyntaxAt {
  constructor(readonly offset: number) {}
}

const JSON_NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const JSON_LITERALS = ['true', 'false', 'null'];

/** A recursive-descent scan of one JSON text; `i` is the offset of the next character to read. */
class JsonScanner {
  i = 0;

  constructor(private readonly text: string) {}

  fail(): never {
    throw new JsonSyntaxAt(this.i);
  }

  /** Skips JSON whitespace (space, tab, newline, carriage return). */
  space(): void {
    const { text } = this;
    while (text[this.i] === ' ' || text[this.i] === '\t' || text[this.i] === '\n' || text[this.i] === '\r') {
      this.i += 1;
    }
  }

  /** Reads `char` after whitespace, else fails. */
  expect(char: string): void {
    this.space();
    if (this.text[this.i] !== char) this.fail();
    this.i += 1;
  }

  /** Reads `char` after whitespace when it is there. */
  consume(char: string): boolean {
    this.space();
    if (this.text[this.i] !== char) return false;
    this.i += 1;
    return true;
  }

  /** A string: no control characters, escapes of RFC 8259 only. */
  string(): void {
    this.expect('"');
    for (;;) {
      const c = this.text[this.i];
      if (c === undefined || c < ' ') this.fail();
      this.i += 1;
      if (c === '"') return;
      if (c === '\\') this.escape();
    }
  }

  /** The escape after a backslash: `\u` and four hex digits, or one of `"\/bfnrt`. */
  escape(): void {
    const { text } = this;
    if (text[this.i] === 'u') {
      for (let k = 1; k <= 4; k += 1) {
        if (!/[0-9a-fA-F]/.test(text[this.i + k] ?? '')) {
          this.i += k;
          this.fail();
        }
      }
      this.i += 5;
    } else if (/["\\/bfnrt]/.test(text[this.i] ?? '')) this.i += 1;
    else this.fail();
  }

  /** An object or array from its opening bracket: `item`s separated by commas, then `close`. */
  list(close: string, item: () => void): void {
    this.i += 1;
    this.space();
    if (this.text[this.i] !== close) {
      do item();
      while (this.consume(','));
    }
    this.expect(close);
  }

  /** Any JSON value. */
  value(): void {
    this.space();
    const c = this.text[this.i];
    if (c === '{') {
      return this.list('}', () => {
        this.string();
        this.expect(':');
        this.value();
      });
    }
    if (c === '[') return this.list(']', () => this.value());
    if (c === '"') return this.string();
    JSON_NUMBER.lastIndex = this.i;
    if (JSON_NUMBER.exec(this.text)) {
      this.i = JSON_NUMBER.lastIndex;
      return;
    }
    this.literal();
  }

  /** `true`, `false` or `null`; a prefix of one fails after the characters that match. */
  literal(): void {
    for (const literal of JSON_LITERALS) {
      let k = 0;
      while (k < literal.length && this.text[this.i + k] === literal[k]) k += 1;
      if (k === literal.length) {
        this.i += k;
        return;
      }
      if (k > 0) {
        this.i += k;
        this.fail();
      }
    }
    this.fail();
  }
}

/**
 * Offset of the first character at which `text` stops being JSON (RFC 8259), `text.length` when it ends early, or
 * null when it is valid. JSON.parse says where only for some errors, so failed parses are scanned again here.
 */
export function jsonSyntaxErrorOffset(text: string): number | null {
  const scan = new JsonScanner(text);
  try {
    scan.value();
    scan.space();
    return scan.i < text.length ? scan.i : null;
  } catch (error) {
    if (error instanceof JsonSyntaxAt) return error.offset;
    return null; // nesting too deep to scan: no location
  }
}
