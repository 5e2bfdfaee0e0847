/**
 * Typed errors of the result-file layer. Every message names the file and says what is wrong and what is allowed,
 * so a host can show it to a person as it is (the desktop and browser shells map `code` to the contract's
 * ErrorCode: TOO_LARGE, NOT_UTF8, BAD_JSON, NOT_A_RESULT, NEWER_VERSION, UNKNOWN_VERSION, WRONG_UNITS and INVALID
 * to 'INVALID'; IO to 'IO'; NOT_FOUND to 'NOT_FOUND'; READ_ONLY to 'FORBIDDEN').
 */
import type { HostText } from '../../contract';
import { hostText } from '../../model/words/host-text';

export type ResultFileErrorCode =
  | 'TOO_LARGE' // over the size limit
  | 'NOT_UTF8' // bytes that are not UTF-8 text
  | 'BAD_JSON' // not JSON (truncated or malformed)
  | 'NOT_A_RESULT' // JSON, but not a Sync Workbench result file (`format`)
  | 'NEWER_VERSION' // made by a newer Sync Workbench
  | 'UNKNOWN_VERSION' // a version this build cannot read or migrate
  | 'WRONG_UNITS' // `units` other than the ones this version reads
  | 'INVALID' // a field missing or of the wrong type or range
  | 'IO'; // the file could not be read or written

/**
 * A result file that cannot be read, or could not be written. `text` is the message as a code and its parameters
 * (the contract's HostText), where it has one, so the UI can word it in its language.
 */
export class ResultFileError extends Error {
  override readonly name = 'ResultFileError';
  readonly text: HostText | undefined;
  constructor(
    readonly code: ResultFileErrorCode,
    message: string,
    options?: { cause?: unknown; text?: HostText },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.text = options?.text;
  }
}

/** A ResultFileError whose message is the English of the coded text `textCode` (electron/model/words/en/host.ts). */
export function codedFileError(
  code: ResultFileErrorCode,
  textCode: string,
  params: HostText['params'],
  cause?: unknown,
): ResultFileError {
  const { text, message } = hostText(textCode, params);
  return new ResultFileError(code, message, { text, ...(cause === undefined ? {} : { cause }) });
}

export type LibraryErrorCode =
  | 'NOT_FOUND' // no result with that id (or no deleted result with that undo token)
  | 'READ_ONLY' // a reference dataset: it cannot be renamed, deleted or overwritten
  | 'CONFLICT' // restoring or saving would replace a different result
  | 'INVALID'; // a bad argument (empty name, unusable id, malformed query)

/** A library operation that was refused. */
export class LibraryError extends Error {
  override readonly name = 'LibraryError';
  constructor(
    readonly code: LibraryErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
