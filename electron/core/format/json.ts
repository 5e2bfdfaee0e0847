/**
 * A result as JSON: the stored form of the result file (docs/exports.md#json-is-the-stored-form), compact, so that a
 * result the library holds is exported at the size it is stored and imported back (a 48 MB sweep written pretty
 * became 82 MB, over the import limit). The service exports the library's own bytes where it has them
 * (ResultsStore.storedJson); this is the text when it has not.
 */
import type { ResultFile } from '../../model/results/schema';

/** Compact JSON of the whole result file with a final newline (as the library stores a large result); parseResultFile reads it back. */
export function formatJson(result: ResultFile): string {
  return `${JSON.stringify(result)}\n`;
}
