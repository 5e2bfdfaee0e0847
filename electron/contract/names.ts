/**
 * The one rule for the name of a result, shared by every way a name comes in: the CLI's `--name`, a run request,
 * an imported file, a rename (the service and the library), and the rename field of the renderer. A name is shown
 * in lists, titles and file names, so it must read as it displays: printable, no control characters, no
 * bidirectional controls (`a\u202Eevil\u202C name` would display as "alive name"), not blank once invisible
 * characters are removed, and at most NAME_MAX_CHARS characters. Pure functions: no imports.
 *
 * Every other text of a result that is shown to a person (a point's label and series, the run's notes, the
 * source's note and citation) follows the part of that rule that makes text safe to show: textProblem, checked
 * by the result-file schema, so every reader applies it (import through the service, the library's scan, every
 * file the CLI reads). Text from data written to a terminal goes through terminalSafe as a second guard.
 * docs/architecture.md#safe-text says why each character class is refused.
 */

/** Most characters (Unicode code points) in a result's name. */
export const NAME_MAX_CHARS = 200;

/** C0/C1 controls (NUL, tab, newline, ESC …), line and paragraph separators, lone surrogates. */
const CONTROLS = /[\p{Cc}\u2028\u2029\p{Cs}]/u;
/** Bidirectional marks, embeddings, overrides and isolates (Unicode UAX #9). */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** What shows nothing: format characters (zero-width space, joiners, BOM …), separators, blank-looking fillers. */
const INVISIBLE = /[\p{Cf}\p{Z}\s\u115F\u1160\u2800\u3164\uFFA0]/gu;

/** A name as stored: surrounding white space removed. */
export function cleanName(name: string): string {
  return name.trim();
}

/**
 * Why `text` is not safe to show, as a sentence without the field name, or null when it is: it must have no
 * C0/C1 control characters (NUL, tab, newline, carriage return, ESC, CSI …), no line or paragraph separators, no
 * lone surrogates (CONTROLS), and no bidirectional controls (BIDI). Such characters let a name or a note rewrite
 * what a terminal shows (an OSC title, a screen clear, a line overwritten through a carriage return) or display
 * in another order than it reads.
 */
export function textProblem(text: string): string | null {
  const control = CONTROLS.exec(text);
  if (control) {
    return `must not contain control characters such as ${codePoint(control[0])} (newlines, tabs, NUL, ESC)`;
  }
  const bidi = BIDI.exec(text);
  if (bidi) {
    return (
      `must not contain bidirectional control characters such as ${codePoint(bidi[0])} ` +
      '(U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): they make text display in another order than ' +
      'it reads'
    );
  }
  return null;
}

/**
 * Why `name` (after cleanName) cannot be a result's name, as a sentence without the field name, or null when it
 * can. Checked in this order: blank, too long, control characters, bidirectional controls, only invisible
 * characters.
 */
export function nameProblem(name: string): string | null {
  const clean = cleanName(name);
  if (clean === '') return 'must not be empty';
  const length = [...clean].length;
  if (length > NAME_MAX_CHARS) return `must be at most ${NAME_MAX_CHARS} characters (it has ${length})`;
  const unsafe = textProblem(clean);
  if (unsafe) return unsafe;
  if (clean.replace(INVISIBLE, '') === '')
    return 'must have a visible character (it has only invisible ones)';
  return null;
}

/**
 * `text` (a file name or an id the caller sent, echoed in a message) as it can be shown safely: every control and
 * bidirectional character replaced by its code point in angle brackets, so "evil\u202Etxt.json" reads
 * "evil<U+202E>txt.json" instead of reversing the rest of the message, and a newline cannot split it.
 */
export function shownName(text: string): string {
  return text.replace(new RegExp(`${CONTROLS.source}|${BIDI.source}`, 'gu'), (c) => `<${codePoint(c)}>`);
}

/** Control and bidirectional characters other than the newline, for terminalSafe. */
const TERMINAL_UNSAFE = new RegExp(`(?!\\n)(?:${CONTROLS.source}|${BIDI.source})`, 'gu');

/**
 * `text` for a terminal: every control and bidirectional character but the newline replaced by its code point in
 * angle brackets (as shownName), so text from data cannot move the cursor, clear the screen, set the window title
 * (ESC, CSI U+009B, OSC) or overwrite a line through a carriage return. Tabs become `<U+0009>` too: none of the
 * product's own terminal text uses them.
 */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_UNSAFE, (c) => `<${codePoint(c)}>`);
}

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
