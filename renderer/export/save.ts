/**
 * Runs an export through the one API and says what became of it, for a status line next to the buttons, in the
 * UI's language (`t`); a refusal is the host's own message.
 */
import type { ExportRequest } from '../../electron/contract';
import { useApi } from '../api/current';
import type { Translate } from '../i18n/translate';
import { downloadOutcome } from './download';

/** What an export came to: `ok` false with the host's message when it was refused or failed. */
export interface ExportStatus {
  ok: boolean;
  message: string;
}

/**
 * Asks the host for the export: the desktop shell saves it where the user chooses (or the user cancels); the
 * browser shell hands the content back and it is downloaded here. Never throws.
 */
export async function runExport(req: ExportRequest, t: Translate): Promise<ExportStatus> {
  const reply = await useApi().exportResults(req);
  if (!reply.ok) return { ok: false, message: reply.message };
  const outcome = reply.value;
  if (outcome.savedPath !== null)
    return { ok: true, message: t('exports.saved', { path: outcome.savedPath }) };
  if (outcome.content === null) return { ok: true, message: t('exports.cancelled') };
  try {
    downloadOutcome({ ...outcome, content: outcome.content });
  } catch (err) {
    return { ok: false, message: t('exports.downloadFailed', { error: (err as Error).message }) };
  }
  return { ok: true, message: t('exports.downloaded', { file: outcome.fileName }) };
}
