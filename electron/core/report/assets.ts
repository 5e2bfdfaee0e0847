/**
 * The HTML report's page script and stylesheet: built from renderer/report by `npm run build:report`
 * (vite.report.config.ts) into one folder (dist/report), read here to be inlined into each report.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** File names of the built assets inside their folder. */
export const REPORT_SCRIPT_FILE = 'report.js';
export const REPORT_STYLE_FILE = 'report.css';

/** The page script (one classic script, no imports) and the stylesheet, as text. */
export interface ReportAssets {
  script: string;
  css: string;
}

/** The report's assets are missing or unreadable (code IO: the service reports it as such). */
export class ReportAssetsError extends Error {
  readonly code = 'IO';
  override readonly name = 'ReportAssetsError';
}

/**
 * Reads the built assets from `dir`.
 * @throws ReportAssetsError naming the missing file and how to build it.
 */
export async function loadReportAssets(dir: string): Promise<ReportAssets> {
  const read = async (name: string) => {
    const file = path.join(dir, name);
    try {
      return await readFile(file, 'utf8');
    } catch (err) {
      throw new ReportAssetsError(
        `The HTML report cannot be made: ${file} is missing or unreadable (${(err as Error).message}). ` +
          'Build the report page with `npm run build:report` (part of `npm run build`).',
      );
    }
  };
  const [script, css] = await Promise.all([read(REPORT_SCRIPT_FILE), read(REPORT_STYLE_FILE)]);
  return { script, css };
}
