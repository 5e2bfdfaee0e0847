/**
 * The tables of the sm_90 results page from result files of the `pdl`, `pipeline` and `cluster_arrive`
 * modes: one pivot per mode (series × x, median per-unit ns with its 95% CI), and the figures the page argues from,
 * each computed from measured medians only:
 *   pdl:      per kernel saved against the plain launch at the same prologue (plain − variant);
 *   pipeline: per stage, the copy alone and the hand-off on top of it (the hand-off rows already are the pipeline
 *             minus the copy alone at the same shape: kernels/pipeline.cu, electron/model/modes/pipeline.ts);
 *   cluster_arrive: cluster.sync() over remote arrive, per cluster size.
 * Usage: `npx tsx scripts/hopper-tables.ts resources/reference/h200-pdl.json resources/reference/h200-pipeline.json
 * resources/reference/h200-cluster_arrive.json > /tmp/tables.md` (any subset, in any order).
 */
import { readFileSync } from 'node:fs';

import { markdownTable } from 'markdown-table';

import type { Point, ResultFile } from '../electron/model/results/schema';

const med = (p: Point | undefined) => p?.perSyncNs?.median;
const fmt = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(Math.abs(v) < 10 ? 2 : 1));
const cell = (p: Point | undefined) => {
  if (!p?.perSyncNs) return '—';
  const s = p.perSyncNs;
  const ci = s.ciLow != null && s.ciHigh != null ? ` (${fmt(s.ciLow)}–${fmt(s.ciHigh)})` : '';
  const flags = [p.noisy ? 'noisy' : '', p.verification && !p.verification.ok ? 'FAILED' : '']
    .filter(Boolean)
    .join(', ');
  return `${fmt(s.median)}${ci}${flags ? ` ${flags}` : ''}`;
};

/** series × x pivot of the points `keep` selects, in first-seen order. */
function pivot(points: Point[], xLabel: string, keep: (p: Point) => boolean = () => true): string {
  const mine = points.filter(keep);
  const xs = [...new Set(mine.map((p) => p.x ?? 0))].sort((a, b) => a - b);
  const series = [...new Set(mine.map((p) => p.series))];
  return markdownTable([
    [`series, by ${xLabel}`, ...xs.map(String)],
    ...series.map((s) => [s, ...xs.map((x) => cell(mine.find((p) => p.series === s && p.x === x)))]),
  ]);
}

function header(r: ResultFile, file: string): string {
  const failed = r.points.filter((p) => p.verification && !p.verification.ok).length;
  const verified = r.points.filter((p) => p.verification?.ok).length;
  return (
    `\`${file}\` · ${r.provenance.device?.name ?? 'unknown device'} · ${r.provenance.startedAt} · ` +
    `${r.points.length} points, ${verified} verified${failed ? `, ${failed} FAILED verification` : ''}\n`
  );
}

function pdlTables(r: ResultFile): string {
  const plain = (x: number | null) => r.points.find((p) => p.series === 'plain launch' && p.x === x);
  const saved = r.points
    .filter((p) => p.series !== 'plain launch')
    .map((p) => ({ ...p, perSyncNs: diff(med(plain(p.x)), med(p), p) }));
  return [
    '#### per kernel of the chain, ns (95% CI), by prologue FADDs\n',
    pivot(r.points, 'prologue FADDs'),
    '',
    '#### saved against the plain launch at the same prologue, ns per kernel (plain − variant)\n',
    pivot(saved, 'prologue FADDs'),
  ].join('\n');
}

function pipelineTables(r: ResultFile): string {
  const copies = (p: Point) => p.series.startsWith('copies alone');
  return [
    '#### hand-off per stage, ns (the pipeline minus the same copies alone; at 0 B the synchronization alone)\n',
    pivot(r.points, 'payload B', (p) => !copies(p)),
    '',
    '#### copy alone per stage, ns (the producer warp, no hand-off)\n',
    pivot(r.points, 'payload B', copies),
  ].join('\n');
}

function clusterTables(r: ResultFile): string {
  const sizes = [...new Set(r.points.map((p) => p.x ?? 0))].sort((a, b) => a - b);
  const at = (w: string, x: number) => r.points.find((p) => p.workload === w && p.x === x);
  return [
    '#### one hand-off to the next block, ns (95% CI), by blocks per cluster\n',
    pivot(r.points, 'blocks/cluster'),
    '',
    markdownTable([
      ['blocks/cluster', ...sizes.map(String)],
      [
        'cluster.sync() / remote arrive',
        ...sizes.map((s) => {
          const a = med(at('cluster_sync_ring', s));
          const b = med(at('cluster_arrive_ring', s));
          return a !== undefined && b !== undefined && b > 0 ? `${(a / b).toFixed(2)}×` : '—';
        }),
      ],
    ]),
  ].join('\n');
}

/** A point whose median is a − b (no CI: a difference of two medians), or no figure when either is missing. */
function diff(a: number | undefined, b: number | undefined, p: Point): Point['perSyncNs'] {
  if (a === undefined || b === undefined || !p.perSyncNs) return null;
  return { ...p.perSyncNs, median: a - b, ciLow: null, ciHigh: null };
}

const TABLES: Record<string, { title: string; body: (r: ResultFile) => string }> = {
  pdl: { title: 'pdl: programmatic dependent launch', body: pdlTables },
  pipeline: { title: 'pipeline: one producer/consumer stage', body: pipelineTables },
  cluster_arrive: {
    title: 'cluster_arrive: DSMEM hand-off, remote arrive vs cluster.sync()',
    body: clusterTables,
  },
};

/** The tables of the given result files (each a pdl, pipeline or cluster_arrive result). */
export function hopperTables(files: Array<{ file: string; result: ResultFile }>): string {
  return files
    .map(({ file, result }) => {
      const t = TABLES[result.plan.mode];
      if (!t)
        throw new Error(`${file}: mode ${result.plan.mode} is not one of ${Object.keys(TABLES).join(', ')}`);
      const ratios = result.ratios.map((x) => `${x.name} = ${x.value.toFixed(2)}×`).join('; ');
      return [
        `### ${t.title}\n`,
        header(result, file),
        t.body(result),
        '',
        ratios ? `Ratios: ${ratios}.\n` : '',
      ].join('\n');
    })
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2).map((file) => ({
    file,
    result: JSON.parse(readFileSync(file, 'utf8')) as ResultFile,
  }));
  process.stdout.write(`${hopperTables(files)}\n`);
}
