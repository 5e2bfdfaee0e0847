/**
 * docs/results/hopper-H200.md, the results page of the sm_90 modes (docs/methods.md), generated from two runs of each of
 * `pdl`, `pipeline` and `cluster_arrive` (run A: resources/reference/h200-<mode>.json, run B: h200-<mode>_b.json;
 * scripts/gpu-session.sh measures both in fresh processes). The page has, per mode, the tables of run A
 * (scripts/hopper-tables.ts), each mechanism set against the closest classic one at the same shape, the run-to-run
 * agreement of A and B, and "what surprised us, and the measurement that explains it". Every number is computed
 * here from measured medians, and every sentence that depends on a number is chosen by that number (pageText
 * functions below), so regenerating the page from new runs cannot leave a stale conclusion behind.
 *
 * Usage: `npx tsx scripts/hopper-page.ts` writes the page; `--check` exits 1 when the committed page differs;
 * `--stdout` prints it. test/unit/docs/hopper-page.test.ts checks the committed page and the conditional text.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { markdownTable } from 'markdown-table';

import type { ResultFile } from '../electron/model/results/schema';

import {
  AGREEMENT_TARGET,
  agreementRows,
  fmt,
  med,
  over,
  pct,
  pipeAt,
  stagesOf,
  times,
  type HopperRuns,
  type RunFile,
} from './hopper-numbers';
import { agreementSurprise, clusterSurprise, namedSurprise, tmaSurprise } from './hopper-surprises';
import { hopperTables } from './hopper-tables';

// The parts test/unit/docs/hopper-page.test.ts checks, beside the page.
export { agreementRows } from './hopper-numbers';
export { clusterSurprise, namedSurprise, tmaSurprise } from './hopper-surprises';

// ---------------------------------------------------------------------------------------------------------------
// Against the closest classic mechanism

function pdlAgainst(r: ResultFile): string {
  const xs = [...new Set(r.points.map((p) => p.x ?? 0))].sort((a, b) => a - b);
  const at = (series: string, x: number) => r.points.find((p) => p.series === series && p.x === x);
  const rows = [
    'PDL, trigger early',
    'PDL, trigger late',
    'PDL, no trigger',
    'CUDA graph, programmatic edges',
  ];
  const classic = ['plain launch', 'CUDA graph', 'grid.sync()'];
  return markdownTable([
    ['variant / classic, per kernel', ...xs.map((x) => `${x} FADDs`)],
    ...rows.flatMap((v) =>
      classic.map((c) => [`${v} / ${c}`, ...xs.map((x) => times(over(med(at(v, x)), med(at(c, x)))))]),
    ),
  ]);
}

/** The pipeline's hand-off series names without their ", N stages" suffix. */
const PIPE_SERIES = [
  'cp.async + mbarrier',
  'TMA + mbarrier (expect_tx)',
  'TMA + mbarrier, test_wait spin',
  'named barriers',
];

function pipelineAgainst(r: ResultFile): string {
  const xs = [...new Set(r.points.map((p) => p.x ?? 0))].sort((a, b) => a - b);
  const stages = [...new Set(r.points.map(stagesOf).filter((s): s is string => !!s))];
  const total = (prefix: string, s: string, x: number) => {
    const h = med(pipeAt(r, prefix, s, x));
    if (x === 0) return h;
    const copy = COPY_OF[prefix];
    const c = copy ? med(pipeAt(r, `copies alone: ${copy}`, s, x)) : undefined;
    return h === undefined || c === undefined ? undefined : h + c;
  };
  return [
    'Whole stage, ns (hand-off + the same copies alone; at 0 B the hand-off alone):\n',
    markdownTable([
      ['series, by payload B', ...xs.map(String)],
      ...stages.flatMap((s) =>
        ['__syncthreads', ...PIPE_SERIES].map((v) => [
          `${v}, ${s} stages`,
          ...xs.map((x) => fmt(total(v, s, x))),
        ]),
      ),
    ]),
    '',
    'Hand-off per stage against `__syncthreads` at the same shape (ratio of the hand-off rows):\n',
    markdownTable([
      ['variant / __syncthreads', ...xs.map(String)],
      ...stages.flatMap((s) =>
        PIPE_SERIES.map((v) => [
          `${v}, ${s} stages`,
          ...xs.map((x) => {
            const a = med(pipeAt(r, v, s, x));
            const b = med(pipeAt(r, '__syncthreads', s, x));
            return a !== undefined && b !== undefined && a > 0 && b > 0 ? times(a / b) : '—';
          }),
        ]),
      ),
    ]),
  ].join('\n');
}

/** The copy each hand-off is measured against (electron/model/modes/pipeline.ts). */
const COPY_OF: Record<string, string> = {
  __syncthreads: 'ld/st',
  'cp.async + mbarrier': 'cp.async',
  'TMA + mbarrier (expect_tx)': 'TMA bulk copy',
  'TMA + mbarrier, test_wait spin': 'TMA bulk copy',
  'named barriers': 'ld/st',
};

const CLUSTER_WORKLOADS: Array<[string, string]> = [
  ['cluster_arrive_ring', 'remote arrive, round trip'],
  ['cluster_arrive_oneway', 'remote arrive, one way'],
  ['cluster_arrive_only', 'remote arrive alone (no store)'],
];

function clusterAgainst(r: ResultFile): string {
  const sizes = [...new Set(r.points.map((p) => p.x ?? 0))].sort((a, b) => a - b);
  const at = (w: string, x: number) => r.points.find((p) => p.workload === w && p.x === x);
  return markdownTable([
    ['variant / cluster.sync()', ...sizes.map((s) => `${s} blocks`)],
    ...CLUSTER_WORKLOADS.filter(([w]) => r.points.some((p) => p.workload === w)).map(([w, name]) => [
      name,
      ...sizes.map((s) => times(over(med(at(w, s)), med(at('cluster_sync_ring', s))))),
    ]),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Run-to-run agreement

function agreementSection(mode: string, a: RunFile, b: RunFile | undefined): string {
  if (!b) return `No second run of ${mode} is committed, so its run-to-run agreement is not shown.\n`;
  const rows = agreementRows(a.result, b.result);
  const known = rows.filter((r) => r.relDiff !== undefined);
  const within = known.filter((r) => r.relDiff! <= AGREEMENT_TARGET);
  const grossOnly = known.filter(
    (r) =>
      r.relDiff! > AGREEMENT_TARGET && r.relDiffOfGross !== undefined && r.relDiffOfGross <= AGREEMENT_TARGET,
  );
  const summary =
    `${within.length} of ${known.length} rows agree within ${AGREEMENT_TARGET * 100} % ` +
    `(\`${a.file}\` vs \`${b.file}\`).` +
    (grossOnly.length
      ? ` ${grossOnly.length} of the others ${grossOnly.length === 1 ? 'is a difference' : 'are differences'} of ` +
        'two loops (pipeline minus the copies alone) that agree within the target relative to the gross loop ' +
        'cost, which is what the stopping rule bounds (±1 % of the gross cost): a small difference of two large ' +
        'figures inherits their absolute uncertainty.'
      : '');
  return [
    `${summary}\n`,
    markdownTable([
      [
        'point',
        'run A, ns',
        'run B, ns',
        'difference / mean',
        'difference / gross',
        `within ${AGREEMENT_TARGET * 100} %`,
      ],
      ...rows.map((r) => [
        r.label,
        fmt(r.a),
        fmt(r.b),
        pct(r.relDiff),
        pct(r.relDiffOfGross),
        r.relDiff === undefined ? '—' : r.relDiff <= AGREEMENT_TARGET ? 'yes' : 'no',
      ]),
    ]),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------

const TITLES: Record<string, string> = {
  pdl: 'Programmatic dependent launch, against a plain launch, a CUDA graph and grid.sync()',
  pipeline: 'Pipeline stages, against __syncthreads double buffering',
  cluster_arrive: 'Cluster hand-off by remote mbarrier arrive, against cluster.sync()',
};

/** The whole page from the runs given (modes without a run A are left out). */
export function hopperPage(runs: HopperRuns): string {
  const out = [
    '# Hopper’s own synchronization on the H200',
    '',
    '<!-- GENERATED by scripts/hopper-page.ts from the result files named below: do not edit by hand -->',
    '',
    'Per-unit costs by the difference method (docs/methods.md); each unit is one round of a protocol (a kernel of ' +
      'a chain, a pipeline stage, a hand-off), and the Methods text of each mode says what a round is. Tables ' +
      'are from run A; run B is the same mode in a fresh process.',
    '',
  ];
  const order = ['pdl', 'pipeline', 'cluster_arrive'] as const;
  for (const mode of order) {
    const run = runs[mode];
    if (!run) continue;
    out.push(`## ${TITLES[mode]}`, '', hopperTables([run.a]).replace(/^### .*\n/, ''), '');
    out.push('### Against the closest classic mechanism', '');
    out.push(
      mode === 'pdl'
        ? pdlAgainst(run.a.result)
        : mode === 'pipeline'
          ? pipelineAgainst(run.a.result)
          : clusterAgainst(run.a.result),
      '',
    );
    out.push('### Run-to-run agreement', '', agreementSection(mode, run.a, run.b), '');
  }
  out.push('## What surprised us, and the measurement that explains it', '');
  if (runs.cluster_arrive) out.push(clusterSurprise(runs.cluster_arrive.a.result));
  if (runs.pipeline) out.push(tmaSurprise(runs.pipeline.a.result), namedSurprise(runs.pipeline.a.result));
  const agree = agreementSurprise(runs);
  if (agree) out.push(agree);
  return `${out.join('\n').trim()}\n`;
}

/** Run A and B of each mode from resources/reference (h200-<mode>.json and h200-<mode>_b.json, when present). */
export function loadReferenceRuns(): HopperRuns {
  const read = (name: string): RunFile | undefined => {
    const file = `resources/reference/h200-${name}.json`;
    try {
      return {
        file,
        result: JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as ResultFile,
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  };
  const runs: HopperRuns = {};
  for (const mode of ['pdl', 'pipeline', 'cluster_arrive'] as const) {
    const a = read(mode);
    if (a) runs[mode] = { a, b: read(`${mode}_b`) };
  }
  return runs;
}

/** The page's path in the repository. */
export const PAGE = new URL('../docs/results/hopper-H200.md', import.meta.url);

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { check: { type: 'boolean' }, stdout: { type: 'boolean' } } });
  const page = hopperPage(loadReferenceRuns());
  if (values.stdout) process.stdout.write(page);
  else if (values.check) {
    const current = readFileSync(PAGE, 'utf8');
    if (current !== page) {
      console.error('docs/results/hopper-H200.md differs from what scripts/hopper-page.ts makes');
      process.exit(1);
    }
  } else {
    writeFileSync(PAGE, page);
    console.log('wrote docs/results/hopper-H200.md');
  }
}
