/**
 * A profile in Markdown: per kernel its launches and shape, the sync-related stall shares with the primitive each
 * stands for, the sync instructions by kind, the priced lower bound beside the stall share (with the load-imbalance
 * caveat), the source lines with the most barrier/fence stalls, and the wizard's prefilled answers.
 */
import type { Dim3 } from './ncu-values';
import type { KernelProfile, ProfileFile } from './schema';
import { SYNC_KIND_TEXT } from './sync-kinds';
import { countOf } from '../words/plural';

const dim = (d: Dim3) => `(${d.x}, ${d.y}, ${d.z})`;
const ns = (v: number | null) => (v === null ? '—' : `${v.toFixed(v < 100 ? 1 : 0)} ns`);
const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} %`);

/** The caveat said beside every priced lower bound. */
export const LOWER_BOUND_NOTE =
  'The priced figure is a LOWER BOUND: the syncs one warp ran times the measured cost of one sync. The stall ' +
  'share is larger when warps wait for each other: it includes the load imbalance before the barrier.';

/** The warp-level sync instructions a price row counts. */
function syncsOf(k: KernelProfile, p: KernelProfile['pricing']['prices'][number]): number {
  const c = k.syncCounts;
  if (!c || p.kind === 'gridSync') return 0;
  return p.scope ? c.fenceByScope[p.scope] : c[p.kind].syncs;
}

/** The kernel's lower bound beside its barrier and fence stall shares; a kernel with no sync says so. */
function boundSentence(k: KernelProfile): string {
  const stall = (reason: string) => pct(k.stalls.find((s) => s.reason === reason)?.pct ?? null);
  const stalls = `${stall('barrier')} of warp cycles stalled at a block barrier and ${stall('membar')} at a memory fence`;
  if (k.pricing.prices.length === 0)
    return `No synchronization instruction ran in this kernel, so nothing is priced; ${stalls}.`;
  return (
    `Synchronization costs at least ${ns(k.pricing.lowerBoundNs)} per launch (${pct(k.pricing.lowerBoundPctOfDuration)} ` +
    `of the median duration), beside ${stalls}.`
  );
}

function kernelMarkdown(k: KernelProfile): string[] {
  const out = [`## ${k.name}`, ''];
  out.push(
    `Launches ${k.launches}; grid ${dim(k.grid)}, block ${dim(k.block)}, cluster ${dim(k.cluster)}; ` +
      `cooperative: ${k.cooperative.value === null ? 'unknown' : k.cooperative.value ? 'yes' : 'no'} ` +
      `(${k.cooperative.basis}); median duration ${ns(k.medianDurationNs)}.`,
    '',
  );
  for (const s of k.otherShapes)
    out.push(
      `Also ${countOf(s.launches, 'launch', 'launches')} with grid ${dim(s.grid)}, block ${dim(s.block)}.`,
    );
  out.push('| stall reason | share of warp cycles | primitive |', '| --- | --- | --- |');
  for (const s of k.stalls) out.push(`| ${s.reason} | ${pct(s.pct)} | ${s.primitive} |`);
  out.push('');
  if (k.syncCounts) {
    out.push(
      '| sync kind | syncs (warp-level instructions) | per warp | priced at | lower bound per launch | source |',
    );
    out.push('| --- | --- | --- | --- | --- | --- |');
    for (const p of k.pricing.prices) {
      out.push(
        `| ${p.kind}${p.scope ? ` (${p.scope})` : ''} | ${syncsOf(k, p)} | ` +
          `${p.syncsPerWarp.toFixed(1)} | ${ns(p.perSyncNs)} | ${ns(p.lowerBoundNs)} | ${p.sourceLabel ?? p.missing} |`,
      );
    }
    out.push('', boundSentence(k), '');
  } else out.push('No instruction mix: sync instructions not counted.', '');
  if (k.topLines.length) {
    out.push('| line | barrier samples | fence samples | source |', '| --- | --- | --- | --- |');
    for (const l of k.topLines) {
      out.push(
        `| ${l.file.split('/').pop()}:${l.line} | ${l.barrierSamples} | ${l.membarSamples} | \`${l.source.replace(/[|`]/g, ' ')}\` |`,
      );
    }
    out.push('');
  }
  out.push(
    '"Which barrier?" answers the profile knows (`syncbench advise --answers FILE`, the wizard asks the rest):',
  );
  out.push('', '```json', JSON.stringify(k.wizardAnswers), '```', '');
  return out;
}

/** The whole profile as Markdown. */
export function profileToMarkdown(p: ProfileFile): string {
  const head = [
    `# Profile: ${p.name}`,
    '',
    `${p.device.name ?? 'unknown GPU'} (compute capability ${p.device.computeCapability ?? '?'}), Nsight Compute ` +
      `${p.ncu.version}, ${p.createdAt}.`,
    '',
    LOWER_BOUND_NOTE,
    '',
  ];
  const kinds = Object.entries(SYNC_KIND_TEXT).map(([k, t]) => `- ${k}: ${t}`);
  return [
    ...head,
    ...p.kernels.flatMap(kernelMarkdown),
    '## What ncu counts',
    '',
    ...kinds,
    '',
    ...p.notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
}
