/**
 * What every call of the API resolves to (index.ts `WorkbenchApi`): a value, or a failure with its code, its English
 * message and, where the host has them, the same words as codes (HostText) for the UI's language.
 */

export type ErrorCode =
  | 'INVALID' // a payload or parameter failed validation (fieldErrors says which)
  | 'NO_GPU' // no usable GPU (message says why)
  | 'NO_ADDON' // the native addon was not built or failed to load (message says why)
  | 'BUSY' // a run is already in progress
  | 'NOT_FOUND'
  | 'CUDA' // a CUDA error during a run
  | 'WORKER_CRASHED' // the measuring process died or stopped answering; it was restarted
  | 'IO' // reading or writing a file failed
  | 'FORBIDDEN' // sender or origin not allowed
  | 'CANCELLED' // the caller cancelled it (cancelExport, or the client went away); nothing was written
  | 'INTERNAL';

export interface Failure {
  ok: false;
  code: ErrorCode;
  message: string;
  /** Field name -> message, for INVALID. */
  fieldErrors?: Record<string, string>;
  /**
   * `message` as a code and its parameters, where the host has one (an import's refusal, a BUSY, a crash of the
   * measuring process, the browser shell's refusals), for the UI's language.
   */
  text?: HostText;
  /**
   * `fieldErrors` as codes and their parameters, by the same field names, where the host has them (the measurement
   * core's refusals of a run request's fields), so the UI words each in its own language; a field without one
   * shows its English message.
   */
  fieldTexts?: Record<string, HostText>;
}

/**
 * A host's message as a stable code and its parameters (electron/model/words/en/host.ts holds the English of every
 * code), so the UI can word it in its own language; the English message always travels beside it, and a code the
 * UI does not know shows that English. A parameter is a value shown as it is (a name, an id, a number), a nested
 * HostText (a word or clause of its own), a list of parameters (joined by the language's list separator), or
 * `{ en }`: English prose from elsewhere (a parser's or a validator's words), shown as it is and marked English.
 */
export interface HostText {
  code: string;
  params: Record<string, HostParam>;
}
export type HostParam = string | number | HostText | { en: string } | HostParam[];
export type Result<T> = { ok: true; value: T } | Failure;
