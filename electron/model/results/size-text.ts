/**
 * The words every layer uses for a result file's size and for a file over the limit (the host's TOO_LARGE, the
 * browser shell's 413, the renderer's check before an upload), so that they cannot drift apart: coded messages of
 * electron/model/words/en/host.ts (`resultFile.size`, `resultFile.tooLarge`), which the UI words in its language.
 * Browser-safe.
 */
import type { HostParam, HostText } from '../../contract';
import { hostText, word } from '../words/host-text';

/** A size in bytes as a coded word, "N.N MiB (B bytes)" in English: the MiB for reading, the exact bytes to compare with `ls -l`. */
export function fileSizeWord(bytes: number): HostText {
  return word('resultFile.size', { mib: (bytes / 1024 / 1024).toFixed(1), bytes });
}

/** TOO_LARGE's coded message, "<name>: the file is N MiB (B bytes); result files are limited to …" in English. */
export function tooLargeCoded(
  sourceName: HostParam,
  size: number,
  maxBytes: number,
): { message: string; text: HostText } {
  return hostText('resultFile.tooLarge', {
    file: sourceName,
    size: fileSizeWord(size),
    limit: fileSizeWord(maxBytes),
  });
}
