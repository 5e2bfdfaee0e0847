/**
 * Benchmark: parsing and pricing a 1,000-kernel ncu report (target < 1 s, docs/profile.md#speed). The input is
 * GENERATED here, not measured: the raw page of the block_reduce fixture (ncu 2025.3.1 on the H200) with its
 * launch rows repeated to 1,000 launches of 1,000 distinct kernel names, and its source page likewise.
 * Usage: npx tsx bench/profile-parse.ts   (prints the time; exits 1 above the target)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { pagesFromCsv } from '../electron/core/profile/ncu-csv';
import { buildProfile } from '../electron/model/profile/build-profile';
import type { PriceRow } from '../electron/model/profile/pricing';

const KERNELS = 1000;
const TARGET_MS = 1000;
const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '../test/fixtures/ncu/h200-2026-12-02/exports');

function generatedPages(): { raw: string; source: string } {
  const raw = readFileSync(path.join(fixtures, 'block_reduce.raw_instances.csv'), 'utf8')
    .trimEnd()
    .split('\n');
  const [header, units, ...launches] = raw;
  const rows: string[] = [header ?? '', units ?? ''];
  for (let i = 0; i < KERNELS; i++) {
    const row = launches[i % launches.length] ?? '';
    rows.push(row.replace(/^"\d+"/, `"${i}"`).replace(/"(reduce_\w+)\(/, `"$1_${i}(`));
  }
  const source = readFileSync(path.join(fixtures, 'block_reduce.source_cuda_sass.csv'), 'utf8');
  const sources: string[] = [];
  for (let i = 0; i < KERNELS; i++) {
    sources.push(source.replace(/"(reduce_\w+)\(/g, `"$1_${i}(`));
  }
  return { raw: rows.join('\n'), source: sources.slice(0, 20).join('\n') };
}

const ROWS: PriceRow[] = [
  {
    workload: 'syncthreads',
    param: null,
    perSyncNs: 14.1,
    label: 'bench',
    sourceLabel: 'bench',
    sourceKind: 'reference',
  },
  {
    workload: 'syncwarp',
    param: null,
    perSyncNs: 1,
    label: 'bench',
    sourceLabel: 'bench',
    sourceKind: 'reference',
  },
];
const FACTS = {
  id: 'bench',
  name: 'generated 1,000-kernel report',
  createdAt: new Date().toISOString(),
  program: { path: 'generated', args: [], exitCode: 0 },
  ncu: { version: '2025.3.1.0', path: 'ncu' },
  options: { kernelFilter: null, launchCount: null, timeLimitS: 600 },
  appVersion: 'bench',
};

const pages = generatedPages();
const t0 = performance.now();
const profile = buildProfile(pagesFromCsv(pages.raw, pages.source), FACTS, ROWS);
const ms = performance.now() - t0;
const priced = profile.kernels.filter((k) => k.pricing.lowerBoundNs !== null).length;
console.log(
  `profile-parse: ${profile.kernels.length} kernels (generated input, ${(pages.raw.length / 1e6).toFixed(1)} MB raw page) ` +
    `parsed and priced in ${ms.toFixed(0)} ms (${priced} priced); target < ${TARGET_MS} ms: ${ms < TARGET_MS ? 'PASS' : 'FAIL'}`,
);
process.exit(ms < TARGET_MS ? 0 : 1);
