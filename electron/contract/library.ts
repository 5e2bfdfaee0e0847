/** The results library as the API shows it: the listed runs, the unreadable files, a query, and an import. */
import type { HostText } from './call-result';
import type { ResultFile } from './result-file';

export interface ResultSummary {
  id: string;
  name: string;
  mode: string;
  deviceName: string | null;
  createdAt: string;
  status: ResultFile['status'];
  points: number;
  /** 'measured' (by this product), 'published' (reference, not measured here). */
  sourceKind: ResultFile['source']['kind'];
  /** Shipped with the app (resources/reference) rather than made by the user. */
  reference: boolean;
  /** Headline ratios, e.g. { 'grid/block': 17.2 }. */
  ratios: Record<string, number>;
  /**
   * How the import went: present only on `importResult`'s reply (absent from hosts that predate it). The summary is
   * the result the library now holds for the file: the existing one when `already-present`.
   */
  importOutcome?: ImportOutcome;
}

/** A file in a results folder that could not be read as a result (listed in Results as "could not be read"). */
export interface UnreadableResult {
  /** Path of the file on the host. */
  file: string;
  /** Why, as a code: a result-file error (BAD_JSON, TOO_LARGE, INVALID, …), IO, or DUPLICATE_ID. */
  code: string;
  /** The reason for a person; it names the file and what is wrong. */
  reason: string;
  /** The reason by its code and parameters, so a view words it in its language; absent: `reason` only (English). */
  text?: HostText;
  /** In the user's results folder, so `removeUnreadable` can move it to the trash; false for a shipped file. */
  removable: boolean;
}

/** What `importResult` did with a file. */
export interface ImportOutcome {
  /**
   * added: saved under its own id. already-present: the same result is already in the library or is a reference
   * dataset; nothing was written. added-with-new-id: saved under a new id, because its id was taken (by another
   * result or by a read-only reference dataset) or cannot be a file name.
   */
  status: 'added' | 'already-present' | 'added-with-new-id';
  /** For a person, naming the file, e.g. `run.json: imported as "H200 sweep" under the new id …, because …`. */
  message: string;
  /** `message` as a code and its parameters (absent from hosts that predate it). */
  text?: HostText;
}

export interface ResultQuery {
  text?: string;
  mode?: string;
  device?: string;
  from?: string;
  to?: string;
}

/**
 * A result file to import, as text (the JSON wire: `content`, base64 when `base64` is true) or as its bytes
 * (`bytes`: the desktop's IPC, and the browser shell's `POST /api/import`, which carries the file's bytes as they
 * are). The host checks the encoding (UTF-8) either way. Bytes given to the host are handed over: a host in the
 * same process may transfer them to its parse thread, which leaves the caller's array empty.
 */
export type ImportRequest =
  | {
      fileName: string;
      /** File content as text (UTF-8 is checked by the host). base64 when `base64` is true. */
      content: string;
      base64: boolean;
    }
  | {
      fileName: string;
      /** The file's bytes, at most MAX_RESULT_FILE_BYTES. */
      bytes: Uint8Array;
    };
