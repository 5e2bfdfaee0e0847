/**
 * The size limit of result files, checked in the renderer before an import is sent: a file over it is refused by
 * the host anyway, and in the browser shell its base64 would not even fit one WebSocket frame (the socket closes
 * and the import fails as "Not connected"). The limit is the contract's, the same one every layer uses; the message
 * is the host's coded refusal (electron/model/results/size-text.ts, the one electron/core/results/diagnostics.ts
 * throws); test/unit/renderer keeps them equal.
 */
import { MAX_RESULT_FILE_BYTES, type HostText } from '../../electron/contract';
import { tooLargeCoded } from '../../electron/model/results/size-text';

export { MAX_RESULT_FILE_BYTES };

/**
 * The host's refusal of a file of `size` bytes named `fileName` (message: "<name>: the file is 70.0 MiB (…); result
 * files are limited to 64.0 MiB (…).", with its code), or null when the size is within `maxBytes`.
 */
export function resultFileTooLarge(
  fileName: string,
  size: number,
  maxBytes: number = MAX_RESULT_FILE_BYTES,
): { message: string; text: HostText } | null {
  if (size <= maxBytes) return null;
  return tooLargeCoded(fileName, size, maxBytes);
}
