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
/**
 * A worker thread's memory beside its inputs' share, whatever it exports (its isolate, the modules it loads, its
 * young generation while it works): 64 MiB. Measured: an idle export thread holds 25 MiB (16 of them started here
 * at once: +397 MiB); on the H200 host, 200 clients' first CSV exports of a 480 kB result held +824 and +868 MiB
 * with a reservation of 16 MiB per thread, about 14 threads at once (docs/results/h200-2026-12-03-host-bench).
 */
export const EXPORT_THREAD_BYTES = 64 * 1024 * 1024;

/** The bytes `job`'s thread is expected to hold at its peak: EXPORT_THREAD_BYTES plus 5 × its inputs' bytes. */
export function exportMemoryBytes(job: Pick<ExportJob, 'inputs'>): number {
  let inputBytes = 0;
  for (const input of job.inputs) inputBytes += input.file ? input.file.bytes : input.bytes.byteLength;
  return EXPORT_THREAD_BYTES + EXPORT_MEMORY_PER_INPUT_BYTE * inputBytes;
}
