/** Runs an export through the one API and says what became of it, for a status line next to the buttons. */
import type { ExportRequest } from '../../../electron/contract';
import { useApi } from '../../api/current';
import { errorWords, hostShown, uiShown, type ShownMessage } from '../../i18n/shown-message';
import { downloadOutcome } from './download';

/** What an export came to: `ok` false with the host's words (or the browser's) when it was refused or failed. */
export interface ExportStatus {
  ok: boolean;
  message: ShownMessage;
}

/**
 * Asks the host for the export: the desktop shell saves it where the user chooses (or the user cancels); the
 * browser shell hands the content back and it is downloaded here. Never throws.
 */
export async function runExport(req: ExportRequest): Promise<ExportStatus> {
  const reply = await useApi().exportResults(req);
  // Cancelled by the user (the panel's Cancel): nothing was written, which is no fault.
  if (!reply.ok && reply.code === 'CANCELLED') return { ok: true, message: uiShown('shown.exportCancelled') };
  if (!reply.ok) return { ok: false, message: hostShown(reply) };
  const outcome = reply.value;
  if (outcome.savedPath !== null) {
    return { ok: true, message: uiShown('shown.saved', { path: outcome.savedPath }) };
  }
  if (outcome.content === null) return { ok: true, message: uiShown('shown.exportCancelled') };
  try {
    downloadOutcome({ ...outcome, content: outcome.content });
  } catch (err) {
    return { ok: false, message: uiShown('shown.downloadFailed', {}, errorWords(err)) };
  }
  return { ok: true, message: uiShown('shown.downloaded', { file: outcome.fileName }) };
}

/**
 * A fresh ExportRequest.exportId: 16 random bytes in hex (crypto.getRandomValues, which pages served over plain
 * HTTP have too, unlike randomUUID).
 */
export function newExportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `export-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
