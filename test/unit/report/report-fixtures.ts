/**
 * What the report tests share: a fixed "now" for the reports' headers, stub page assets (the host's part of the page
 * only), and three shipped reference results read once: a measured run (H200 modes), one with its compute-sanitizer
 * report, and a published one (the chapter's RTX 5090 table).
 */
import path from 'node:path';

import { readResultFile } from '../../../electron/core/results/io';
import type { ResultFile } from '../../../electron/model/results/schema';

/** The shipped reference results (resources/reference). */
export const REF = path.resolve(import.meta.dirname, '../../../resources/reference');

export const NOW = new Date('2000-01-02T03:04:05.000Z');
export const STUB_ASSETS = { script: '/* the page script */', css: '/* the stylesheet */' };

/** The three reference results the report tests format. */
export interface ReportReferences {
  modes: ResultFile;
  sanitized: ResultFile;
  published: ResultFile;
}

/** Reads the three reference results (resources/reference). */
export async function readReportReferences(): Promise<ReportReferences> {
  const [modes, sanitized, published] = await Promise.all(
    ['h200-modes.json', 'h200-correctness_sanitizer.json', 'chapter-rtx5090-modes.json'].map((f) =>
      readResultFile(path.join(REF, f)),
    ),
  );
  return { modes: modes!, sanitized: sanitized!, published: published! };
}
