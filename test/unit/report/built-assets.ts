/** Builds the report page (vite.report.config.ts) into a temporary folder, once per test file, and reads it. */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'vite';

import { loadReportAssets, type ReportAssets } from '../../../electron/core/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The folder the page was built into, and its assets. */
export async function buildReportAssets(): Promise<{ dir: string; assets: ReportAssets }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'syncbench-report-assets-'));
  await build({
    configFile: path.join(root, 'vite.report.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true },
  });
  return { dir, assets: await loadReportAssets(dir) };
}
