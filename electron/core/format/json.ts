/** A result as JSON: the whole result file, exactly as the library stores it. */
import { serializeResultFile } from '../results/io';
import type { ResultFile } from '../results/schema';

/** Pretty JSON of the whole result file (2-space indent, final newline); parseResultFile reads it back. */
export function formatJson(result: ResultFile): string {
  return serializeResultFile(result);
}
