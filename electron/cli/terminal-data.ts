/**
 * Data (CSV, JSON, a script) written to a terminal: the characters a terminal acts on are written as JSON-style
 * escapes (`\u001b`, `\u009b`, `\u202e`), so a field that is not a name, label or note (a workload, an op, a mode, an
 * id, the provenance, which the schema takes as they are) cannot set the title, clear the screen, overwrite a line
 * or reverse the text that follows (docs/architecture.md#safe-text). In JSON the escape is the same string, so the
 * JSON shown is the same value. Tabs, newlines and CR LF pairs are kept; piped or redirected output is not touched
 * (it is data, byte for byte).
 */

/** Controls (C0, DEL, C1), line and paragraph separators, bidirectional controls; tab, newline and CR LF kept. */
const ACTED_ON = /(?![\t\n])(?!\r\n)[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** `text` with every character a terminal acts on written as `\uXXXX` (see the module comment). */
export function terminalSafeData(text: string): string {
  return text.replace(ACTED_ON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
