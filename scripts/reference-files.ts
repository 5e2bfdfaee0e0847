/**
 * Writes generated reference datasets into resources/reference/, or with --check reports (exit 1) every committed
 * file that differs from what its generator makes. Shared by make-chapter-reference.ts and
 * make-syncperformance-reference.ts.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { serializeResultFile, writeResultFile } from '../electron/core/results/io';
import type { ResultFile } from '../electron/model/results/schema';

/** The folder the app ships its reference datasets from. */
export const REFERENCE_DIR = fileURLToPath(new URL('../resources/reference/', import.meta.url));

/** Writes each result as `<id>.json` (atomically), or checks it when `check`; resolves to the exit code. */
export async function writeOrCheckReferences(results: ResultFile[], check: boolean): Promise<number> {
  let stale = 0;
  for (const result of results) {
    const file = path.join(REFERENCE_DIR, `${result.id}.json`);
    if (check) {
      const current = await readFile(file, 'utf8').catch(() => null);
      if (current !== serializeResultFile(result)) {
        stale += 1;
        console.error(`${file} differs from what the script makes`);
      }
    } else {
      await writeResultFile(file, result);
      console.log(`wrote ${file}`);
    }
  }
  return stale > 0 ? 1 : 0;
}
