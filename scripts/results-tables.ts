/**
 * The tables of docs/results/H200.md, generated from the committed result files (resources/reference/h200-*.json)
 * so the page never disagrees with them: `npx tsx scripts/results-tables.ts > /tmp/tables.md`, then paste between
 * the GENERATED markers (test/unit/docs/results-page.test.ts checks they match).
 */
import { readFileSync } from 'node:fs';

import { markdownTable } from 'markdown-table';

import type { Point, ResultFile } from '../electron/model/results/schema';

import { hopperTables } from './hopper-tables';

const load = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../resources/reference/h200-${name}.json`, import.meta.url), 'utf8'),
  ) as ResultFile;

const ns = (p: Point) => (p.perSyncNs ? p.perSyncNs.median.toFixed(p.perSyncNs.median < 10 ? 2 : 1) : '—');
const ci = (p: Point) => {
  const s = p.perSyncNs;
  if (s?.ciLow == null || s.ciHigh == null) return '—';
  const digits = Math.abs(s.median) < 10 ? 2 : 1;
  return `${s.ciLow.toFixed(digits)} to ${s.ciHigh.toFixed(digits)}`;
};
const cyc = (p: Point) => (p.perSyncCycles ? p.perSyncCycles.median.toFixed(1) : '—');
const us = (p: Point) => (p.wholeKernelMs ? (p.wholeKernelMs.median * 1000).toFixed(2) : '—');
const flags = (p: Point) =>
  [
    p.noisy ? 'noisy' : '',
    p.clock.throttled ? 'throttled' : '',
    p.incorrect ? 'INCORRECT' : '',
    p.verification ? (p.verification.ok ? 'verified' : 'FAILED') : '',
  ]
    .filter(Boolean)
    .join(', ');

/** One table of points: label, per-sync ns (95% CI), cycles, whole-kernel µs, flags. */
function pointsTable(r: ResultFile, filter: (p: Point) => boolean = () => true): string {
  return markdownTable([
    ['point', 'per sync, ns (median)', '95% CI, ns', 'cycles', 'whole kernel, µs', 'flags'],
    ...r.points
      .filter(filter)
      .map((p) => [
        p.label.replace(/\|/g, '\\|').replace(/</g, '&lt;'),
        ns(p),
        ci(p),
        cyc(p),
        us(p),
        flags(p),
      ]),
  ]);
}

function ratios(r: ResultFile): string {
  return r.ratios
    .map(
      (x) => `${x.name} = ${x.value.toFixed(2)}× (${x.basis === 'perSyncNs' ? 'per sync' : 'whole kernel'})`,
    )
    .join('; ');
}

/** The generated part of the page. */
export function resultTables(): string {
  const out: string[] = [];
  for (const [name, title] of [
    ['modes', "modes (the chapter's summary table)"],
    ['sweep', 'sweep: block vs warp, 132 blocks'],
    ['sweep_grid', 'sweep_grid: grid.sync() vs grid size, 8 warps per block'],
    ['overlap', 'overlap: __syncthreads() after W dependent FADDs (minus the same FADDs alone)'],
    ['correctness', 'correctness'],
    ['tiles', 'tiles (16 warps per block)'],
    ['named', 'named barriers (16 warps per block)'],
    ['async_barrier', 'cuda::barrier (8 warps per block)'],
    ['handoff', 'flag hand-off, one round trip'],
    ['kernel_boundary', 'kernel boundary, one phase (8 warps × 132 blocks)'],
    ['fadd_check', 'method check: dependent FADD'],
    ['host_completion_spin', 'host completion, cudaDeviceScheduleSpin'],
    ['host_completion_yield', 'host completion, cudaDeviceScheduleYield'],
    ['host_completion_blocking-sync', 'host completion, cudaDeviceScheduleBlockingSync'],
  ] as const) {
    const r = load(name);
    out.push(
      `### ${title}\n`,
      `\`resources/reference/h200-${name}.json\` · ${r.provenance.startedAt}\n`,
      pointsTable(r),
      '',
    );
    if (r.ratios.length) out.push(`Ratios: ${ratios(r)}.\n`);
  }
  out.push(clusterTables(load('cluster')));
  out.push(
    agreement('modes_a', 'modes_b'),
    agreement('sweep_a', 'sweep_b'),
    agreement('cluster', 'cluster_b'),
  );
  const fences = load('fences');
  out.push(
    '### fences: per fence, ns (cycles), by definition × scope × grid (rows) and threads per block (columns)\n',
    '`resources/reference/h200-fences.json`\n',
  );
  const threads = [...new Set(fences.points.map((p) => p.x!))];
  const series = [...new Set(fences.points.map((p) => p.series))];
  out.push(
    markdownTable([
      ['fence:scope:definition × grid', ...threads.map((t) => `${t} thr`)],
      ...series.map((s) => [
        s,
        ...threads.map((t) => {
          const p = fences.points.find((q) => q.series === s && q.x === t)!;
          return `${ns(p)} (${cyc(p)})${p.noisy ? ' noisy' : ''}`;
        }),
      ]),
    ]),
    '',
    hopperTables(
      ['pdl', 'pipeline', 'cluster_arrive'].map((name) => ({
        file: `resources/reference/h200-${name}.json`,
        result: load(name),
      })),
    ),
  );
  return out.join('\n');
}

/**
 * The cluster mode as two pivots (per sync ns, then cycles): one row per cluster series in the file's order, the two
 * size-1 series apart (docs/methods.md#clusters-as-launched: a cluster launch of one block, and no cluster launch at
 * all, where every block is an implicit cluster), columns the clusters in the grid (for the implicit series, blocks).
 */
function clusterTables(cluster: ResultFile): string {
  const clusterPoints = cluster.points.filter((p) => p.workload === 'cluster_sync');
  const series = [...new Set(clusterPoints.map((p) => p.series))];
  const counts = [...new Set(clusterPoints.map((p) => p.x!))].sort((a, b) => a - b);
  const pivot = (value: (p: Point) => string) =>
    markdownTable([
      ['series', 'cluster launch attribute', ...counts.map(String)],
      ...series.map((s) => {
        const first = clusterPoints.find((p) => p.series === s)!;
        const attribute = first.launch.clusterAttribute ? `${first.launch.clusterSize} × 1 × 1` : 'none';
        return [
          s,
          attribute,
          ...counts.map((c) => {
            const p = clusterPoints.find((q) => q.series === s && q.x === c);
            return p ? value(p) : '';
          }),
        ];
      }),
    ]);
  const block = cluster.points.find((p) => p.series === 'block')!;
  const grid = cluster.points.find((p) => p.series === 'grid')!;
  return [
    '### cluster: per sync, ns, by series (rows) and clusters in the grid (columns)\n',
    `\`resources/reference/h200-cluster.json\` · ${cluster.provenance.startedAt}\n`,
    pivot(ns),
    '',
    '### cluster: per sync, SM cycles, same points\n',
    pivot(cyc),
    '',
    `Same block size (8 warps × 132 blocks): __syncthreads ${ns(block)} ns, grid.sync() ${ns(grid)} ns. Ratios: ${ratios(cluster)}.\n`,
  ].join('\n');
}

/** |a − b| / mean(a, b) in percent, or '—' when either is missing or the mean is not positive. */
function spreadPct(a: number | undefined, b: number | undefined): string {
  if (a === undefined || b === undefined) return '—';
  const mean = (a + b) / 2;
  return mean > 0 ? `${((Math.abs(a - b) / mean) * 100).toFixed(2)}%` : '—';
}

/**
 * Run-to-run agreement of two result files of the same mode measured in fresh processes (the session's `_a` and
 * `_b` runs): per point (matched by label), both per-sync medians and their relative difference in ns and cycles.
 */
function agreement(aName: string, bName: string): string {
  const a = load(aName);
  const b = load(bName);
  return [
    `### run-to-run agreement: \`h200-${aName}.json\` vs \`h200-${bName}.json\` (fresh processes)\n`,
    markdownTable([
      ['point', 'run A, ns', 'run B, ns', 'difference / mean, ns', 'difference / mean, cycles'],
      ...a.points.map((p) => {
        const q = b.points.find((x) => x.label === p.label);
        return [
          p.label,
          ns(p),
          q ? ns(q) : '—',
          spreadPct(p.perSyncNs?.median, q?.perSyncNs?.median),
          spreadPct(p.perSyncCycles?.median, q?.perSyncCycles?.median),
        ];
      }),
    ]),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${resultTables()}\n`);
