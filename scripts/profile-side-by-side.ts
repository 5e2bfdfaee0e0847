/**
 * The side-by-side table of `syncbench profile` against Nsight Compute's own report of the same program
 * (docs/profile.md#checked-against-nsight-compute), from a folder written by scripts/gpu-session-profile.sh:
 * `syncbench/<name>.json` (the profile file) and `ncu/<name>.details.csv` (ncu's `--csv --page details` of a separate
 * run under ncu, with the stall .pct metrics and gpu__time_duration.sum). Per kernel: the launch shape, the median
 * duration (ns; two runs under ncu, so they differ by run-to-run noise), and the barrier and membar stall shares
 * (% of warp cycles).
 *
 *   npx tsx scripts/profile-side-by-side.ts <session folder> > docs/results/profile-H200.md
 *
 * A profile without an ncu report beside it is named on stderr and left out; a kernel that is in the profile but not
 * in ncu's report throws (exit 1).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parse } from 'csv-parse/sync';

import type { ProfileFile } from '../electron/model/profile/schema';

type NcuKernel = { block: string; grid: string; durationsNs: number[]; metrics: Map<string, number[]> };

/** ncu's details page (program output interleaved before the CSV) → kernel name → what it reported. */
function readNcuDetails(file: string): Map<string, NcuKernel> {
  const text = readFileSync(file, 'utf8');
  const csv = text
    .split('\n')
    .filter((l) => l.startsWith('"'))
    .join('\n');
  const rows = parse(csv, { columns: true, skip_empty_lines: true, relax_column_count: true }) as Record<
    string,
    string
  >[];
  const kernels = new Map<string, NcuKernel>();
  for (const row of rows) {
    const name = (row['Kernel Name'] ?? '').replace(/\(.*$/, '');
    const k = kernels.get(name) ?? {
      block: row['Block Size'] ?? '',
      grid: row['Grid Size'] ?? '',
      durationsNs: [],
      metrics: new Map<string, number[]>(),
    };
    kernels.set(name, k);
    const metric = row['Metric Name'];
    const value = Number((row['Metric Value'] ?? '').replace(/,/g, ''));
    if (!metric || !Number.isFinite(value) || row['Metric Value'] === '') continue;
    if (metric === 'gpu__time_duration.sum') k.durationsNs.push(value);
    else k.metrics.set(metric, [...(k.metrics.get(metric) ?? []), value]);
  }
  return kernels;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const pct = (x: number | null | undefined) => (x === undefined || x === null ? '—' : `${x.toFixed(1)} %`);
const shape = (d: { x: number; y: number; z: number }) => `(${d.x}, ${d.y}, ${d.z})`;

function rowsOf(name: string, profile: ProfileFile, ncu: Map<string, NcuKernel>): string[] {
  return profile.kernels.map((k) => {
    const theirs = ncu.get(k.name);
    if (!theirs) throw new Error(`${name}: kernel ${k.name} is in the profile but not in ncu's report`);
    const stall = (reason: string) => k.stalls.find((s) => s.reason === reason)?.pct;
    const metric = (m: string) => {
      const v = theirs.metrics.get(m);
      return v ? median(v) : undefined;
    };
    const ncuDuration = theirs.durationsNs.length ? median(theirs.durationsNs) : undefined;
    const diff =
      ncuDuration && k.medianDurationNs
        ? `${(((k.medianDurationNs - ncuDuration) / ncuDuration) * 100).toFixed(1)} %`
        : '—';
    return [
      name,
      k.name,
      `${k.launches}`,
      `${shape(k.grid)} × ${shape(k.block)}`,
      `${theirs.grid} × ${theirs.block}`,
      `${k.medianDurationNs ?? '—'}`,
      `${ncuDuration ?? '—'}`,
      diff,
      pct(stall('barrier')),
      pct(metric('smsp__warp_issue_stalled_barrier_per_warp_active.pct')),
      pct(stall('membar')),
      pct(metric('smsp__warp_issue_stalled_membar_per_warp_active.pct')),
    ].join(' | ');
  });
}

function main(): void {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: profile-side-by-side.ts <session folder of scripts/gpu-session-profile.sh>');
    process.exit(2);
  }
  const names = readdirSync(path.join(dir, 'syncbench'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
  const lines = [
    '| example | kernel | launches | grid × block (syncbench) | grid × block (ncu) | median duration ns (syncbench) | duration ns (ncu) | Δ | barrier stall (syncbench) | barrier stall (ncu) | membar stall (syncbench) | membar stall (ncu) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const name of names) {
    const profile = JSON.parse(
      readFileSync(path.join(dir, 'syncbench', `${name}.json`), 'utf8'),
    ) as ProfileFile;
    const details = path.join(dir, 'ncu', `${name}.details.csv`);
    let ncu: Map<string, NcuKernel>;
    try {
      ncu = readNcuDetails(details);
    } catch (err) {
      console.error(`${name}: no ncu report at ${details} (${(err as Error).message}); skipped`);
      continue;
    }
    lines.push(...rowsOf(name, profile, ncu).map((r) => `| ${r} |`));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

main();
