/**
 * The words every layer uses for a result file's size and for a file over the limit (the host's TOO_LARGE, the
 * browser shell's 413, the renderer's check before an upload), so that they cannot drift apart. Browser-safe.
 */

/** A size in bytes as "N.N MiB (B bytes)": the MiB for reading, the exact bytes to compare with `ls -l`. */
export function fileSizeText(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB (${bytes} bytes)`;
}

/** "<name>: the file is N MiB (B bytes); result files are limited to …" (TOO_LARGE's message). */
export function tooLargeText(sourceName: string, size: number, maxBytes: number): string {
  return `${sourceName}: the file is ${fileSizeText(size)}; result files are limited to ${fileSizeText(maxBytes)}.`;
}
