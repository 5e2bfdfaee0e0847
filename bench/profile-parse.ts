/**
 * Benchmark: parsing and pricing a 1,000-kernel ncu report (target < 1 s, docs/profile.md#speed). The input is
 * GENERATED here, not measured: the pages of the block_reduce fixture (ncu 2025.3.1 on the H200) in the form
 * `syncbench profile` exports them (run-ncu.ts: the raw page without instances, the opcode page, the cuda,sass
 * source page), their launch rows repeated to 1,000 launches of 1,000 distinct kernel names; the source page
 * repeated for the first 20 of them. Each page is fed in 64 KiB chunks, as it streams from ncu.
 * Usage: npx tsx bench/profile-parse.ts   (prints the time; exits 1 above the target)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildProfile } from '../electron/model/profile/build-profile';
import { NcuRowStream, type NcuRowReader } from '../electron/model/profile/ncu-rows';
import { MIX_METRIC, OpcodePageReader } from '../electron/model/profile/opcode-page';
import type { PriceRow } from '../electron/model/profile/pricing';
import { RawPageReader } from '../electron/model/profile/raw-page';
import { SourcePageReader } from '../electron/model/profile/source-page';

const KERNELS = 1000;
const SOURCE_KERNELS = 20;
const TARGET_MS = 1000;
const CHUNK = 64 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(here, '../test/fixtures/ncu/h200-2026-12-02/exports');
const fixture = (kind: string) => readFileSync(path.join(fixtures, `block_reduce.${kind}.csv`), 'utf8');

/** A page's header and units rows, then its launch rows repeated to KERNELS launches with distinct names. */
function repeatedLaunches(lines: string[]): string {
  const [header, units, ...launches] = lines;
  const rows: string[] = [header ?? '', units ?? ''];
  for (let i = 0; i < KERNELS; i++) {
    const row = launches[i % launches.length] ?? '';
    rows.push(row.replace(/^"\d+"/, `"${i}"`).replace(/"(reduce_\w+)\(/, `"$1_${i}(`));
  }
  return rows.join('\n');
}

/** The opcode page as `ncu --metrics MIX_METRIC` writes it: the 11 columns before the metrics, and the mix. */
function opcodeLines(): string[] {
  const rows = fixture('raw_instances')
    .trimEnd()
    .split('\n')
    .map((l) => l.slice(1, -1).split('","'));
  const mix = rows[0]?.indexOf(MIX_METRIC) ?? -1;
  return rows.map((r) => `"${[...r.slice(0, 11), r[mix] ?? ''].join('","')}"`);
}

function generatedPages() {
  const source = fixture('source_cuda_sass');
  const sources: string[] = [];
  for (let i = 0; i < SOURCE_KERNELS; i++) sources.push(source.replace(/"(reduce_\w+)\(/g, `"$1_${i}(`));
  return {
    raw: repeatedLaunches(fixture('raw').trimEnd().split('\n')),
    opcodes: repeatedLaunches(opcodeLines()),
    source: sources.join('\n'),
  };
}

/** Feeds a page to its reader in CHUNK-sized pieces. */
function stream<R extends NcuRowReader>(text: string, reader: R): R {
  const s = new NcuRowStream(reader);
  for (let i = 0; i < text.length; i += CHUNK) s.push(text.slice(i, i + CHUNK));
  s.end();
  return reader;
}

const ROWS: PriceRow[] = ['syncthreads', 'syncwarp'].map((workload, i) => ({
  workload,
  param: null,
  perSyncNs: i === 0 ? 14.1 : 1,
  label: 'bench',
  sourceLabel: 'bench',
  sourceKind: 'reference' as const,
  threadsPerBlock: null,
  gridBlocks: null,
}));
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
const parsed = {
  launches: stream(pages.raw, new RawPageReader()).records(),
  opcodeMix: stream(pages.opcodes, new OpcodePageReader()).mixes(),
  source: stream(pages.source, new SourcePageReader()).result(),
};
const profile = buildProfile(parsed, FACTS, ROWS);
const ms = performance.now() - t0;
const priced = profile.kernels.filter((k) => k.pricing.lowerBoundNs !== null).length;
const mb = (t: string) => (t.length / 1e6).toFixed(1);
console.log(
  `profile-parse: ${profile.kernels.length} kernels (GENERATED input: raw page ${mb(pages.raw)} MB, opcode page ` +
    `${mb(pages.opcodes)} MB, source page ${mb(pages.source)} MB for ${SOURCE_KERNELS} kernels) parsed and priced ` +
    `in ${ms.toFixed(0)} ms (${priced} priced); target < ${TARGET_MS} ms: ${ms < TARGET_MS ? 'PASS' : 'FAIL'}`,
);
process.exit(ms < TARGET_MS ? 0 : 1);
