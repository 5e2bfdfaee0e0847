/**
 * The text exports made lately, kept by what they were made from (docs/exports.md#exports-run-off-the-event-loop):
 * an export whose inputs are all stored files is the same bytes as long as each file is the same version (its
 * device, inode, ctime, mtime and size: library-scan.ts fileVersion) and the request is the same, so a repeated
 * export (200 browser clients asking for the same CSV) is answered from memory instead of a worker thread of its
 * own. A file replaced or rewritten since is another version, hence another key: never served stale. An export of
 * bytes (a file of an older version, read through the library) or an HTML report (its page assets are not part of
 * the key) is not kept.
 */
import { BytesCache } from '../results/bytes-cache';
import type { ExportRunOptions } from './export-pool';
import { ExportCancelledError } from './export-pool';
import type { ExportJob } from './export-task';
import type { ExportRunner } from './ports';
import { SharedRuns } from './shared-runs';

/** Bytes of exports kept together (the oldest dropped first): 32 MiB. */
export const EXPORT_CACHE_BYTES = 32 * 1024 * 1024;
/** An export larger than this is not kept (it would push out many small ones): 8 MiB. */
export const EXPORT_CACHE_ENTRY_BYTES = 8 * 1024 * 1024;

/**
 * What identifies `job`'s bytes, or null when they cannot be kept: its format, locale, encoding, reference ids and
 * each input's name, path and file version.
 */
export function exportKey(job: ExportJob): string | null {
  if (job.format === 'html' || job.reportAssets !== null) return null;
  const inputs: Array<[string, string, string]> = [];
  for (const input of job.inputs) {
    if (!input.file || !input.checked) return null;
    inputs.push([input.name, input.file.path, input.file.version]);
  }
  return JSON.stringify([job.format, job.locale, job.encoding, job.referenceIds, inputs]);
}

/** The exports kept by a service: EXPORT_CACHE_BYTES in all, none over EXPORT_CACHE_ENTRY_BYTES. */
export function exportCache(): BytesCache {
  return new BytesCache(EXPORT_CACHE_BYTES, EXPORT_CACHE_ENTRY_BYTES);
}

/**
 * `runner` answering a job it already made for the same key (exportKey) from `cache`, with a copy of the bytes, and
 * a job asked again while it is being made by the run in flight (SharedRuns); a cancelled call is refused as the
 * runner would (ExportCancelledError), and a hit reports no progress (it is done at once).
 */
export function cachedExportRunner(runner: ExportRunner, cache = exportCache()): ExportRunner {
  const inFlight = new SharedRuns();
  return {
    reportDir: runner.reportDir,
    async run(job: ExportJob, options: ExportRunOptions = {}): Promise<Uint8Array> {
      const key = exportKey(job);
      if (key === null) return runner.run(job, options);
      const hit = cache.get(key);
      if (hit) {
        if (options.signal?.aborted) throw new ExportCancelledError();
        // A copy: the caller may transfer or change what it is given.
        return new Uint8Array(hit);
      }
      // Identical exports asked while one is made wait for it (shared-runs.ts), so a burst starts one thread.
      return inFlight.run(key, options, async (shared) => {
        const bytes = await runner.run(job, shared);
        // Copied only when it is kept: a copy of a large export would be made on this thread and dropped.
        if (bytes.byteLength <= cache.maxEntryBytes) cache.set(key, new Uint8Array(bytes));
        return bytes;
      });
    },
  };
}
