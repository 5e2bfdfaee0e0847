/**
 * The fleet file's summary for a person, as Markdown: what was merged, the thresholds, the outliers grouped by GPU
 * model, driver and node, the failures with their reasons, and what to run again (docs/fleet.md#fleet-merge).
 */
import { countOf } from '../words/plural';
import type { FleetFile } from './fleet-schema';

const cell = (text: string): string => text.replace(/\|/g, '\\|');
const signed = (v: number, digits: number): string => `${v >= 0 ? '+' : ''}${v.toFixed(digits)}`;

function jobText(job: FleetFile['rerun'][number]['job']): string {
  if (!job) return '';
  const parts = [job.engine === 'none' ? null : job.engine, job.jobId && `job ${job.jobId}`];
  if (job.taskIndex !== null) parts.push(`task ${job.taskIndex}`);
  if (job.arrayTaskId !== null) parts.push(`array ${job.arrayTaskId}`);
  return parts.filter(Boolean).join(' ');
}

function outlierLines(fleet: FleetFile): string[] {
  if (fleet.outliers.length === 0) return ['No outliers.'];
  const lines: string[] = [];
  for (const g of fleet.groups.filter((x) => x.outlierGpus.length > 0)) {
    lines.push(`### ${cell(g.model)} · driver ${cell(g.driver)} · ${cell(g.node)}`, '');
    lines.push(
      '| GPU | file | mode | point | per sync (ns) | median (ns) | robust z | deviation |',
      '|---|---|---|---|---:|---:|---:|---:|',
    );
    for (const o of fleet.outliers.filter(
      (x) => x.model === g.model && x.driver === g.driver && x.node === g.node,
    )) {
      const z = o.robustZ === null ? 'MAD 0' : signed(o.robustZ, 1);
      lines.push(
        `| ${cell(o.gpu)} | ${cell(o.file)} | ${o.mode} | ${cell(o.label)} | ${o.perSyncNs.toPrecision(4)} | ${o.medianNs.toPrecision(4)} | ${z} | ${signed(o.relDeviation * 100, 1)}% |`,
      );
    }
    lines.push('');
  }
  return lines;
}

/** One row per point and model: how far the runs spread (MAD/median), the fastest and slowest run. */
function spreadLines(fleet: FleetFile): string[] {
  const rows = fleet.points.map((p) => {
    const values = p.values.map((v) => v.perSyncNs);
    const spread = p.medianNs === 0 ? '–' : `${((p.madNs / Math.abs(p.medianNs)) * 100).toFixed(1)}%`;
    const low = values.reduce((a, b) => Math.min(a, b), Infinity);
    const high = values.reduce((a, b) => Math.max(a, b), -Infinity);
    const range = `${low.toPrecision(4)} – ${high.toPrecision(4)}`;
    return `| ${p.mode} | ${cell(p.label)} | ${cell(p.model)} | ${p.n} | ${p.medianNs.toPrecision(4)} | ${p.madNs.toPrecision(3)} | ${spread} | ${range} |`;
  });
  return rows.length === 0
    ? ['No points.']
    : [
        '| mode | point | model | runs | median (ns) | MAD (ns) | MAD/median | range (ns) |',
        '|---|---|---|---:|---:|---:|---:|---|',
        ...rows,
      ];
}

/** The summary of `fleet` as Markdown (English: the fleet file is data, docs/exports.md). */
export function fleetSummaryMarkdown(fleet: FleetFile): string {
  const t = fleet.thresholds;
  const gpus = new Set(fleet.runs.map((r) => r.gpu)).size;
  const nodes = new Set(fleet.runs.map((r) => r.node)).size;
  const lines = [
    `# Fleet: ${countOf(fleet.counts.results, 'result file')} from ${countOf(gpus, 'GPU')} on ${countOf(nodes, 'node')}`,
    '',
    ...(fleet.synthetic ? ['**Synthetic input: a test or benchmark artefact, not a measurement.**', ''] : []),
    `Read ${countOf(fleet.counts.files, 'file')}: ${countOf(fleet.counts.results, 'result')}, ${countOf(fleet.counts.tasks, 'task record')}, ${fleet.counts.skipped} other JSON skipped.`,
    `Outlier: |robust z| > ${t.robustZ} and |deviation from the model's median| > ${(t.relDeviation * 100).toFixed(1)}%, in groups of ${t.minGroupSize} or more runs; robust z = 0.6745·(x − median)/MAD.`,
    '',
    `## Outliers (${fleet.outliers.length})`,
    '',
    ...outlierLines(fleet),
    '',
    `## Spread per point (${fleet.points.length})`,
    '',
    ...spreadLines(fleet),
    '',
    `## Failures (${fleet.failures.length})`,
    '',
    ...(fleet.failures.length === 0
      ? ['None.']
      : fleet.failures.map(
          (f) =>
            `- ${cell(f.node)}${f.gpu ? ` ${cell(f.gpu)}` : ''}${f.mode ? ` ${f.mode}` : ''} (${cell(f.file)}): ${cell(f.reason)}`,
        )),
    '',
    `## Rerun these (${fleet.rerun.length})`,
    '',
    ...(fleet.rerun.length === 0
      ? ['Nothing.']
      : fleet.rerun.map(
          (r) =>
            `- ${cell(r.node)}${r.gpu ? ` ${cell(r.gpu)}` : ''}${r.job ? ` (${jobText(r.job)})` : ''}: ${cell(r.why)}`,
        )),
    '',
  ];
  return lines.join('\n');
}
