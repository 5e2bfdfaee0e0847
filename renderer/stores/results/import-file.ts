import type { HostText, ResultSummary } from '../../../electron/contract';
import { useApi } from '../../api/current';
import { resultFileTooLarge } from '../../format/result-size';

/**
 * What an import did: refused (with the host's message verbatim, and its code where the host sent one), or the
 * summary the file now has in the library. `text` lets the UI word the message in its language.
 */
export type ImportOutcome =
  | { refused: true; message: string; text?: HostText }
  | { refused: false; message: string; text?: HostText; summary: ResultSummary };

/**
 * Sends a result file's bytes to the host, which checks the encoding itself. A file over
 * the host's size limit is refused here with the host's message, before it is read or sent. The message of a
 * stored file says what the host did (added, already present, added under a new id).
 */
export async function importResultFile(file: File): Promise<ImportOutcome> {
  const tooLarge = resultFileTooLarge(file.name, file.size);
  if (tooLarge) return { refused: true, ...tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const reply = await useApi().importResult({ fileName: file.name, bytes });
  if (!reply.ok)
    return { refused: true, message: reply.message, ...(reply.text ? { text: reply.text } : {}) };
  const { importOutcome, ...summary } = reply.value;
  if (!importOutcome) return { refused: false, message: `Imported ${file.name}.`, summary };
  const { message, text } = importOutcome;
  return { refused: false, message, ...(text ? { text } : {}), summary };
}
