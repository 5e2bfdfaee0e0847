/**
 * A message a view shows about what the host did or refused, in the UI's language (components/ShownMessage.vue
 * words it; i18n/host-text.ts words the host's part):
 * - `host`: the host's words (a Failure's `message` and `text`): translated by their code, else the host's English
 *   marked lang="en"; after the contract's error code where `code` is set ("CUDA: …", `shown.withCode`); followed
 *   by "The measuring process was restarted." where `restarted` (`shown.restarted`);
 * - `ui`: a message of the UI's own (`key` in the message files, its `params` shown as they are), with words from
 *   elsewhere (the host's, a browser's error) as its `{error}` where given.
 */
import type { ErrorCode, Failure } from '../../electron/contract';
import type { HostWords } from './host-text';

export type ShownMessage =
  | { kind: 'host'; words: HostWords; code: ErrorCode | null; restarted: boolean }
  | { kind: 'ui'; key: string; params: Record<string, string | number>; detail: HostWords | null };

/**
 * A host failure's words; with its error code before them when `withCode` (a run's failure names it: "CUDA: …"),
 * and "The measuring process was restarted." after them when `restarted`.
 */
export function hostShown(
  failure: Pick<Failure, 'code' | 'message' | 'text'>,
  opts: { withCode?: boolean; restarted?: boolean } = {},
): ShownMessage {
  return {
    kind: 'host',
    words: { message: failure.message, text: failure.text },
    code: opts.withCode ? failure.code : null,
    restarted: opts.restarted ?? false,
  };
}

/** A message of the UI's own: `key` with `params`, and `detail` as its `{error}` (English prose, or host words). */
export function uiShown(
  key: string,
  params: Record<string, string | number> = {},
  detail: HostWords | null = null,
): ShownMessage {
  return { kind: 'ui', key, params, detail };
}

/**
 * A thrown error's English prose (a validator's in the browser-safe core, a browser's), shown as it is and marked
 * English: it has no code to translate.
 */
export function errorWords(err: unknown): HostWords {
  return { message: err instanceof Error ? err.message : String(err) };
}

/** errorWords of `err` as a ShownMessage of its own. */
export function errorShown(err: unknown): ShownMessage {
  return { kind: 'host', words: errorWords(err), code: null, restarted: false };
}
