/**
 * Hands an export the host built to the user (browser shell): a Blob URL clicked through a temporary `<a download>`.
 * The desktop shell never gets here: main saves the file where the user chose and answers with `savedPath`.
 */
import type { ExportOutcome } from '../../../electron/contract';

/** How long the Blob URL stays valid after the click (the browser reads it asynchronously). */
const REVOKE_AFTER_MS = 60_000;

/** Bytes of a base64 string. @throws DOMException when `text` is not base64. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Offers `body` to the user as the file `fileName` (a Blob URL clicked through a temporary `<a download>`): the
 * one download path of the renderer (exports, the wizard's Markdown).
 */
export function downloadBlob(fileName: string, body: BlobPart, mime: string): void {
  const url = URL.createObjectURL(new Blob([body], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Downloads `outcome.content` (base64-decoded when `outcome.base64`) as `outcome.fileName`. */
export function downloadOutcome(outcome: ExportOutcome & { content: string }): void {
  const body = outcome.base64 ? base64ToBytes(outcome.content) : outcome.content;
  downloadBlob(outcome.fileName, body, outcome.mime);
}
