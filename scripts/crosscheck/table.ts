/**
 * Writes docs/results/crosscheck-H200.md from one cross-check session's raw outputs (scripts/crosscheck/run.sh):
 * per primitive and shape, the product's figure, each public suite's figure on the same GPU in the same session,
 * and their ratio (product / suite). Usage: tsx scripts/crosscheck/table.ts RAW_DIR OUT_MD
 * The raw outputs are committed beside the page (docs/results/crosscheck-H200/), so the page can be regenerated
 * from them.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { parseResultFile } from '../../electron/core/results/io';
import type { Point, ResultFile } from '../../electron/model/results/schema';
import { blockSyncCycles, gridSyncNs, parseSyncMicro, parseSyncPerformance } from './parse';

/** |ratio − 1| at most this is the issue's agreement target (5 %). */
export const TARGET = 0.05;

interface Row {
  what: string;
  product: number | null;
  suites: Array<{ name: string; value: number | null; raw: string }>;
}

const fmt = (x: number | null, digits = 1) => (x === null ? '—' : x.toFixed(digits));
const ratioText = (a: number | null, b: number | null) => {
  if (a === null || b === null || b <= 0) return '—';
  const r = a / b;
  return `${r.toFixed(3)}${Math.abs(r - 1) <= TARGET ? '' : ' ⚠'}`;
};

function result(dir: string, name: string): ResultFile | null {
  try {
    return parseResultFile(readFileSync(path.join(dir, 'product', name), 'utf8'), name);
  } catch {
    return null;
  }
}

const median = (p: Point | undefined, key: 'perSyncCycles' | 'perSyncNs') => p?.[key]?.median ?? null;

/** A SyncPerformance output of RAW_DIR (syncperformance/FILE), parsed; null when missing or unreadable. */
function syncPerformance(dir: string, file: string): ReturnType<typeof parseSyncPerformance> | null {
  try {
    return parseSyncPerformance(readFileSync(path.join(dir, 'syncperformance', file), 'utf8'), file);
  } catch {
    return null;
  }
}

/** A SyncMicrobenchmark output of RAW_DIR (syncmicrobenchmark/FILE) as text; '' when missing. */
function syncMicroText(dir: string, file: string): string {
  try {
    return readFileSync(path.join(dir, 'syncmicrobenchmark', file), 'utf8');
  } catch {
    return '';
  }
}

/** SyncPerformance's figure of FILE (its maximum per-op cycles), with the raw file the row links. */
function spSuite(dir: string, file: string): Row['suites'][number] {
  return {
    name: 'SyncPerformance',
    value: syncPerformance(dir, file)?.maxPerOpCycles ?? null,
    raw: `syncperformance/${file}`,
  };
}

const WARPS = [1, 2, 4, 8, 16, 32];

/** `__syncthreads()` in one block, 1–32 warps: the product's block sweep against both suites. */
function oneBlockRows(dir: string, sweep1: ResultFile | null): Row[] {
  const intra = blockSyncCycles(parseSyncMicro(syncMicroText(dir, 'intrasm.tsv')));
  return WARPS.map((w) => ({
    what: `${w} warp${w > 1 ? 's' : ''} (${w * 32} threads), 1 block`,
    product: median(
      sweep1?.points.find((p) => p.series === 'block' && p.x === w),
      'perSyncCycles',
    ),
    suites: [
      spSuite(dir, `syncthreads_t${w * 32}_b1.txt`),
      { name: 'SyncMicrobenchmark', value: intra.get(w * 32) ?? null, raw: 'syncmicrobenchmark/intrasm.tsv' },
    ],
  }));
}

/** `__syncthreads()` with one block per SM, 1–32 warps: the product's block sweep against SyncPerformance. */
function blockPerSmRows(dir: string, smCount: number): Row[] {
  const sweep = result(dir, 'sweep_b132.json');
  return WARPS.map((w) => ({
    what: `${w} warp${w > 1 ? 's' : ''} (${w * 32} threads), ${smCount} blocks`,
    product: median(
      sweep?.points.find((p) => p.series === 'block' && p.x === w),
      'perSyncCycles',
    ),
    suites: [spSuite(dir, `syncthreads_t${w * 32}_b${smCount}.txt`)],
  }));
}

/** `this_grid().sync()` by threads per block and blocks per SM: the product's grid sweeps against SyncMicrobenchmark. */
function gridRows(dir: string, smCount: number): Row[] {
  const inter = gridSyncNs(parseSyncMicro(syncMicroText(dir, 'intersm.tsv')), smCount);
  const rows: Row[] = [];
  for (const w of [1, 4, 8]) {
    const r = result(dir, `sweep_grid_w${w}.json`);
    for (const perSm of [1, 2, 4, 8]) {
      const suite = inter.get(`${w * 32}@${perSm}`) ?? null;
      const p = r?.points.find((x) => x.series === 'grid' && x.x === perSm);
      if (!p && suite === null) continue;
      rows.push({
        what: `${w * 32} threads × ${perSm} block${perSm > 1 ? 's' : ''}/SM`,
        product: median(p, 'perSyncNs'),
        suites: [{ name: 'SyncMicrobenchmark', value: suite, raw: 'syncmicrobenchmark/intersm.tsv' }],
      });
    }
  }
  return rows;
}

/** `__syncwarp()` in one warp: the product's warp point against SyncPerformance. */
function warpRows(dir: string, sweep1: ResultFile | null): Row[] {
  return [
    {
      what: '__syncwarp(), 1 warp, 1 block',
      product: median(
        sweep1?.points.find((p) => p.series === 'warp' && p.x === 1),
        'perSyncCycles',
      ),
      suites: [spSuite(dir, 'syncwarp_t32_b1.txt')],
    },
  ];
}

const FENCE_SCOPES = [
  { scope: 'block', file: 'threadfence_block_array' },
  { scope: 'device', file: 'threadfence_array' },
  { scope: 'system', file: 'threadfence_system_array' },
];

/** Fences per scope and thread count: each of the product's fence contexts against SyncPerformance's one figure. */
function fenceRows(dir: string): Row[] {
  const fences = result(dir, 'fences.json');
  const fencesLong = result(dir, 'fences_long.json');
  const rows: Row[] = [];
  for (const { scope, file } of FENCE_SCOPES) {
    for (const t of [1, 32]) {
      const at = (kind: string, r = fences) =>
        median(
          r?.points.find((p) => p.series === `fence:${scope}:${kind} × 1 block` && p.x === t),
          'perSyncCycles',
        );
      const suites = [spSuite(dir, `${file}_t${t}_b1.txt`)];
      const shape = `${scope} fence, ${t} thread${t > 1 ? 's' : ''}`;
      rows.push({ what: `${shape}: between plain RMWs (suite's definition)`, product: at('plain'), suites });
      if (fencesLong) {
        rows.push({
          what: `${shape}: suite's definition, 100,000 fences per kernel`,
          product: at('plain', fencesLong),
          suites,
        });
      }
      rows.push({
        what: `${shape}: between plain RMWs of adjacent words`,
        product: at('plain-adjacent'),
        suites,
      });
      rows.push({ what: `${shape}: between atomics`, product: at('atomics'), suites });
      rows.push({ what: `${shape}: alone`, product: at('alone'), suites });
    }
  }
  return rows;
}

/** Builds the page's rows from RAW_DIR. */
export function crosscheckRows(dir: string): {
  sections: Array<{ title: string; unit: string; rows: Row[] }>;
  device: string;
} {
  const sweep1 = result(dir, 'sweep_b1.json');
  const smCount = sweep1?.provenance.device?.smCount ?? 132;
  return {
    device: sweep1?.provenance.device?.name ?? 'unknown device',
    sections: [
      {
        title: '`__syncthreads()`, one block',
        unit: 'SM cycles per barrier',
        rows: oneBlockRows(dir, sweep1),
      },
      {
        title: '`__syncthreads()`, one block per SM',
        unit: 'SM cycles per barrier',
        rows: blockPerSmRows(dir, smCount),
      },
      { title: '`this_grid().sync()`', unit: 'ns per grid barrier', rows: gridRows(dir, smCount) },
      { title: '`__syncwarp()`', unit: 'SM cycles per barrier', rows: warpRows(dir, sweep1) },
      { title: 'Fences', unit: 'SM cycles per fence', rows: fenceRows(dir) },
    ],
  };
}

/** The page's Markdown for RAW_DIR (rawLink: how the page links a raw file). */
export function crosscheckMarkdown(dir: string, rawLink: (file: string) => string): string {
  const { sections, device } = crosscheckRows(dir);
  const out: string[] = [];
  for (const s of sections) {
    const suites = [...new Set(s.rows.flatMap((r) => r.suites.map((x) => x.name)))];
    out.push(`## ${s.title} — ${s.unit}`, '');
    out.push(`| shape | Sync Workbench | ${suites.map((n) => `${n} | ratio`).join(' | ')} | raw |`);
    out.push(`|---|---:|${suites.map(() => '---:|---:').join('|')}|---|`);
    for (const r of s.rows) {
      const cells = suites.map((n) => {
        const x = r.suites.find((y) => y.name === n);
        return `${fmt(x?.value ?? null)} | ${ratioText(r.product, x?.value ?? null)}`;
      });
      const raws = [...new Set(r.suites.map((x) => x.raw))].map(
        (f) => `[${path.basename(f)}](${rawLink(f)})`,
      );
      out.push(`| ${r.what} | ${fmt(r.product)} | ${cells.join(' | ')} | ${raws.join(', ')} |`);
    }
    out.push('');
  }
  return [
    `<!-- generated by scripts/crosscheck/table.ts from the raw outputs; do not edit by hand -->`,
    `Device: ${device}.`,
    '',
    ...out,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const [dir, outFile] = process.argv.slice(2);
  if (!dir || !outFile) {
    console.error('usage: tsx scripts/crosscheck/table.ts RAW_DIR OUT_MD');
    process.exit(2);
  }
  const rel = path.relative(path.dirname(outFile), dir);
  writeFileSync(outFile, crosscheckMarkdown(dir, (f) => `${rel}/${f}`) + '\n');
  console.log(`wrote ${outFile} from ${readdirSync(dir).length} entries of ${dir}`);
}
