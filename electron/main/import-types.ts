/** What main's import of result files returns, file by file (import-files.ts; worded by shell-text.ts). */
import type { HostText } from '../contract';
import type { ShellRefusal } from '../model/words/shell';

export interface ImportedFile {
  file: string;
  ok: boolean;
  /** `<file name>: <what the host did, or why it refused>`. */
  message: string;
  /** The library id the file now has (null when refused). */
  resultId: string | null;
  /**
   * What the host did or why it refused, as a code and its parameters, where it sent one that words the whole of
   * `message` (the page and the dialogs word it in their language).
   */
  text?: HostText;
  /** Why main itself refused the file before the host saw it (the dialogs word it in their language). */
  refusal?: MainRefusal;
}

/** Main's own refusals: a missing file, a folder or device, a file over the size limit. */
export type MainRefusal = ShellRefusal;
