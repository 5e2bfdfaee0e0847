/**
 * What one export thread may hold, estimated before it starts (docs/architecture.md#browser-shell-bounds), so the
 * browser shell reserves it from its memory budget (memory-budget.ts) and starts no more threads than fit.
 */
import type { ExportJob } from './export-task';

/**
 * Memory of an export thread per byte of its inputs: the file's bytes, its text, the parsed result and the export
 * built from it (and its JSON string for the wire). Measured with `syncbench serve` on a 48 MB (46 MiB) synthetic
 * result (one Markdown export alone: +209 MiB resident, 4.5 per byte; CSV less), rounded up.
 */
export const EXPORT_MEMORY_PER_INPUT_BYTE = 5;
/** A worker thread's own memory, whatever it exports (its isolate and the modules it loads): 16 MiB. */
export const EXPORT_THREAD_BYTES = 16 * 1024 * 1024;

/** The bytes `job`'s thread is expected to hold at its peak: EXPORT_THREAD_BYTES plus 5 × its inputs' bytes. */
export function exportMemoryBytes(job: Pick<ExportJob, 'inputs'>): number {
  let inputBytes = 0;
  for (const input of job.inputs) inputBytes += input.file ? input.file.bytes : input.bytes.byteLength;
  return EXPORT_THREAD_BYTES + EXPORT_MEMORY_PER_INPUT_BYTE * inputBytes;
}
