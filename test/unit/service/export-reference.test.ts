/**
 * The app's exports say which results are reference datasets (docs/exports.md#provenance): through the service,
 * Markdown (made in a worker thread) and the HTML report (made by the worker from the built page, and by the
 * formatter where there is no page folder) of a dataset shipped in resources/reference say "reference dataset, not
 * this GPU"; a result the user imported (synthetic here, its device says so) says where it was measured instead.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ExportFormat } from '../../../electron/contract';
import { reportBuilder } from '../../../electron/core/report';
import { REPORT_SCRIPT_FILE, REPORT_STYLE_FILE } from '../../../electron/core/report/assets';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import type { WorkbenchService } from '../../../electron/core/service/service';
import { SYNTHETIC_DEVICE_NAME, syntheticResult } from '../../fixtures/synthetic-result';
import { FakeSupervisedBackend } from './doubles';

/** The id of resources/reference/h200-modes.json. */
const H200_MODES = '57ac4d37-090d-4c5e-8696-7c50c8c628d4';
const REFERENCE = 'reference dataset, not this GPU';

let root: string;
let measuredId: string;
/** With the report page folder (everything in the worker) and without it (the HTML report by the formatter). */
let services: Record<'worker' | 'formatter', WorkbenchService>;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'syncbench-export-reference-'));
  const reportDir = join(root, 'report');
  await mkdir(reportDir);
  await writeFile(join(reportDir, REPORT_SCRIPT_FILE), '/* the page script */');
  await writeFile(join(reportDir, REPORT_STYLE_FILE), '/* the stylesheet */');
  const common = {
    backend: new FakeSupervisedBackend(),
    resultsDir: join(root, 'results'),
    resourcesDir: 'resources',
  };
  services = {
    worker: createWorkbenchService({ ...common, reportDir }),
    formatter: createWorkbenchService({ ...common, htmlReport: reportBuilder(reportDir) }),
  };
  const bytes = Buffer.from(JSON.stringify(syntheticResult()), 'utf8');
  const stored = await services.worker.importResult({
    fileName: 'synthetic.json',
    bytes: new Uint8Array(bytes),
  });
  if (!stored.ok) throw new Error(stored.message);
  measuredId = stored.value.id;
}, 60_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function exported(
  via: keyof typeof services,
  ids: string[],
  format: ExportFormat,
  locale: 'en' | 'zh-CN' = 'en',
): Promise<string> {
  const out = await services[via].exportResults({ ids, format, locale });
  if (!out.ok) throw new Error(out.message);
  return out.value.content!;
}

describe('exports through the service say which results are reference datasets', () => {
  it.each(['worker', 'formatter'] as const)(
    'Markdown and HTML of a shipped dataset (%s)',
    async (via) => {
      const md = await exported(via, [H200_MODES], 'md');
      expect(md.split('\n')[2]).toMatch(
        /^- \*\*Provenance:\*\* reference dataset, not this GPU: measured on NVIDIA H200/,
      );
      const html = await exported(via, [H200_MODES], 'html');
      expect(html).toContain(`<li><strong>Provenance:</strong> ${REFERENCE}: measured on NVIDIA H200`);
      expect(await exported(via, [H200_MODES], 'md', 'zh-CN')).toContain(
        '- **出处：** 参考数据集，不是这块 GPU：',
      );
    },
    60_000,
  );

  it.each(['worker', 'formatter'] as const)(
    'never of a result the user imported (%s)',
    async (via) => {
      const md = await exported(via, [measuredId], 'md');
      expect(md).toContain(`- **Provenance:** measured on ${SYNTHETIC_DEVICE_NAME} on Jan 1, 2000`);
      expect(md).not.toContain(REFERENCE);
      const html = await exported(via, [measuredId], 'html');
      expect(html).toContain(`<li><strong>Provenance:</strong> measured on ${SYNTHETIC_DEVICE_NAME}`);
      expect(html).not.toContain(REFERENCE);
    },
    60_000,
  );

  it('a comparison report names each run: reference, then measured', async () => {
    const html = await exported('worker', [H200_MODES, measuredId], 'html');
    expect(html).toMatch(
      /<p class="provenance">Run 1: reference dataset, not this GPU: measured on NVIDIA H200/,
    );
    expect(html).toContain(`<p class="provenance">Run 2: measured on ${SYNTHETIC_DEVICE_NAME}`);
  }, 60_000);

  it.each(['worker', 'formatter'] as const)(
    'a comparison in Markdown: the source of each run (%s)',
    async (via) => {
      const md = await exported(via, [H200_MODES, measuredId], 'md');
      const rows = md.split('\n').filter((line) => /^\| [12] /.test(line));
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatch(/\| reference dataset, not this GPU \|$/);
      expect(rows[1]).toMatch(/\| measured +\|$/);
    },
    60_000,
  );
});
