/**
 * `pipeline`: one stage of a producer/consumer pipeline inside a block (sm_90; kernels/pipeline.cu). Warp 0
 * produces, `consumerWarps` warps consume, `stages` buffers of `payloadBytes` each. Four hand-offs: __syncthreads
 * double buffering, cp.async completing on an mbarrier, a TMA bulk copy completing on an mbarrier with expect_tx
 * (full/empty barriers per stage), and named barriers. Each is measured against the same copies with no hand-off
 * (the producer alone), so its figure is the synchronization per stage, apart from the copy time; the copies alone
 * are their own series. At 0 B a stage is synchronization only: nothing is copied, and the TMA variant issues no
 * bulk copy (its producer does a plain mbarrier.arrive on the full barrier), so its 0-B row is the mbarrier full/empty
 * hand-off alone; 16 B, the smallest bulk copy, adds the TMA unit's completion. A diagnostic series times the
 * producer's own copies inside the named-barrier pipeline (cycles), to set against the copies alone.
 */
import type { HostText, ParamInfo } from '../../contract';
import { PlanError } from './plan-error';
import { word } from '../words/host-text';
import { payloadProblem, requireSm90, stageSmemProblem } from './hopper-rules';
import { DELTA_ITERS, ITERS, NBLOCKS, num } from './params';
import { count, launchOf, loopPoint } from './points';
import { ratio, ratios } from './ratios';
import type { Device, Point } from '../results/schema';
import type { ModeDefinition, PlannedPoint } from './types';
import type { KernelMethod, ModeMethod } from '../words/methods';
import { kernel, STATEFUL_NOTE } from './kernel-method';

const STAGES: ParamInfo = {
  name: 'stages',
  label: 'Pipeline stages',
  kind: 'int-list',
  default: [2, 4],
  min: 2,
  max: 4,
  help: 'Stage buffers in shared memory (2 = double buffering); each has its own full/empty barriers.',
};

const PAYLOADS: ParamInfo = {
  name: 'payloadBytes',
  label: 'Payload per stage (bytes)',
  kind: 'int-list',
  default: [0, 16, 4096, 32768],
  min: 0,
  max: 65536,
  unit: 'B',
  help:
    'Bytes copied into each stage: 0 measures the hand-off alone (no copy is issued, not even a bulk copy); 16 B is ' +
    'the smallest bulk copy; a multiple of 16 B (TMA rule); stages × payload must fit the shared memory a block ' +
    'can opt in to.',
};

const CONSUMER_WARPS: ParamInfo = {
  name: 'consumerWarps',
  label: 'Consumer warps',
  kind: 'int-list',
  default: [4],
  min: 1,
  max: 15,
  help: 'Warps that read each stage (the block has one more, the producer warp).',
};

/** The kernels' packed parameter (kernels/pipeline.cu): payload / 16 | stages << 13 | consumer warps << 16. */
export function pipelineParam(shape: {
  payloadBytes: number;
  stages: number;
  consumerWarps: number;
}): number {
  return (shape.payloadBytes / 16) | (shape.stages << 13) | (shape.consumerWarps << 16);
}

interface Variant {
  series: string;
  workload: string;
  copy: string;
  op: string;
}

/** The four hand-offs (and the TMA one with spinning waits) and the copy each is measured against. */
const VARIANTS: Variant[] = [
  {
    series: '__syncthreads',
    workload: 'pipe_syncthreads',
    copy: 'copy_ldst',
    op: 'one stage handed over with __syncthreads(), minus the ld/st copy alone',
  },
  {
    series: 'cp.async + mbarrier',
    workload: 'pipe_cp_async',
    copy: 'copy_cp_async',
    op: 'one stage: cp.async completing on a full mbarrier, consumers release an empty one; minus the cp.async copy alone',
  },
  {
    series: 'TMA + mbarrier (expect_tx)',
    workload: 'pipe_tma',
    copy: 'copy_tma',
    op: 'one stage: a cp.async.bulk completing on a full mbarrier with expect_tx, consumers release an empty one; minus the bulk copy alone',
  },
  {
    series: 'TMA + mbarrier, test_wait spin',
    workload: 'pipe_tma_spin',
    copy: 'copy_tma',
    op: 'one stage as in the TMA pipeline, every wait polling mbarrier.test_wait instead of try_wait; minus the bulk copy alone',
  },
  {
    series: 'named barriers',
    workload: 'pipe_named',
    copy: 'copy_ldst',
    op: 'one stage handed over with bar.arrive / bar.sync (full and empty ids), minus the ld/st copy alone',
  },
];

/** Series prefix of the diagnostic that times the producer's own copies inside the named-barrier pipeline. */
export const COPYTIME_SERIES = 'diagnostic: producer copy inside the named-barrier pipeline';

const COPIES: Array<{ workload: string; series: string; op?: string }> = [
  { workload: 'copy_ldst', series: 'ld/st' },
  {
    workload: 'copy_ldst_resident',
    series: 'resident warps: ld/st',
    op:
      'diagnostic: one stage’s ld/st copy by the producer warp, the consumer warps resident (waiting at ' +
      '__syncthreads) instead of exited',
  },
  { workload: 'copy_cp_async', series: 'cp.async' },
  { workload: 'copy_tma', series: 'TMA bulk copy' },
];

function kib(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} B`;
}

/** Refuses payloads and stage counts the kernels or the device cannot take, one message per field. */
function validate(v: Record<string, unknown>, device: Device): void {
  const errors: Record<string, HostText> = {};
  const payloads = v.payloadBytes as number[];
  const bad = payloads.map(payloadProblem).find((p) => p !== null);
  if (bad) errors.payloadBytes = bad;
  const stages = v.stages as number[];
  const tooBig = stages
    .flatMap((s) => payloads.map((p) => stageSmemProblem(device, s, p)))
    .find((p) => p !== null);
  if (!bad && tooBig) errors.payloadBytes = tooBig;
  const maxWarps = Math.max(...(v.consumerWarps as number[]));
  if ((maxWarps + 1) * 32 > device.maxThreadsPerBlock) {
    errors.consumerWarps = word('plan.consumerWarps', {
      warps: maxWarps,
      threads: (maxWarps + 1) * 32,
      limit: device.maxThreadsPerBlock,
    });
  }
  if (Object.keys(errors).length) throw PlanError.fields(errors);
}

const PIPE_LAUNCH =
  '1 producer warp + each `consumerWarps` entry (default 4) consumer warps per block × `nblocks` blocks (default ' +
  'one per SM); dynamic shared memory = stages × payload, refused above cudaDevAttrMaxSharedMemoryPerBlockOptin';

/** One pipeline stage handed over, measured against the same copies alone (its baseline at the same param). */
function stage(workload: string, copy: string, body: string): KernelMethod {
  return kernel({
    workload,
    body:
      `one stage of each \`stages\` × \`payloadBytes\` shape: ${body}; the consumers read every 16-byte vector of ` +
      'the stage into a checksum the host checks',
    launch: PIPE_LAUNCH,
    baseline: { workload: copy, param: 'same' },
    verified: true,
  });
}

function copyAlone(workload: string, body: string): KernelMethod {
  return kernel({
    workload,
    body: `the producer warp alone filling stage i mod S (${body}); no consumer, no hand-off (at 0 B nothing is copied, so the 0-B hand-off rows subtract next to nothing)`,
    launch: PIPE_LAUNCH,
  });
}

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const PIPELINE_METHOD: ModeMethod = {
  kernels: [
    stage(
      'pipe_syncthreads',
      'copy_ldst',
      'the producer copies the next stage with `ld.global`/`st.shared` while the consumers read this one; one ' +
        '`__syncthreads()` per stage (double buffering at 2 stages)',
    ),
    stage(
      'pipe_cp_async',
      'copy_cp_async',
      'the producer’s lanes issue `cp.async` (16 B each) and `cp.async.mbarrier.arrive.noinc` on the stage’s full ' +
        'mbarrier; consumers `try_wait.parity` on it, read, and arrive on its empty mbarrier, which the producer ' +
        'awaits before reuse',
    ),
    stage(
      'pipe_tma',
      'copy_tma',
      'one producer thread: `mbarrier.arrive.expect_tx` (payload bytes) on the full barrier and one ' +
        '`cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes` of the payload; consumers wait on ' +
        'full, read, and arrive on empty (one arrival per consumer warp). At 0 B no bulk copy is issued: the ' +
        'producer thread does a plain `mbarrier.arrive` on full, so the 0-B row is the mbarrier full/empty ' +
        'hand-off alone; 16 B is the smallest bulk copy',
    ),
    stage(
      'pipe_tma_spin',
      'copy_tma',
      'the TMA pipeline of `pipe_tma`, with every wait (consumers on full, the producer on empty) polling ' +
        '`mbarrier.test_wait.parity`, which never suspends the thread, instead of `mbarrier.try_wait.parity`, ' +
        'which may suspend it until the phase completes; the difference is what try_wait’s suspend and wake-up ' +
        'cost per stage',
    ),
    stage(
      'pipe_named',
      'copy_ldst',
      'the producer copies with `ld.global`/`st.shared`, then `bar.arrive` on the stage’s full id; consumers ' +
        '`bar.sync` on it, read, `bar.arrive` on the empty id the producer `bar.sync`s before reuse',
    ),
    {
      ...stage('pipe_named_copytime', 'copy_ldst', ''),
      baseline: null,
      body:
        'diagnostic, one stage of each `stages` × `payloadBytes` shape of the named-barrier pipeline of ' +
        '`pipe_named`: its cycles are the producer warp’s own copy time per stage inside the pipeline ' +
        '(`clock64()` around each `ld.global`/`st.shared` copy by lane 0, summed; the difference of two iteration ' +
        'counts), to set against the cycles of `copy_ldst` at the same shape; its ns are the whole stage (CUDA ' +
        'events), nothing subtracted. No %globaltimer clock rate is taken from it (its cycles do not span the ' +
        'timed loop); the consumers’ checksums are checked as in `pipe_named`',
    },
    copyAlone('copy_ldst', '`ld.global.v4` / `st.shared.v4` by 32 lanes'),
    {
      ...copyAlone('copy_ldst_resident', '`ld.global.v4` / `st.shared.v4` by 32 lanes'),
      body:
        'diagnostic: the copies of `copy_ldst`, with the consumer warps resident (they wait at a ' +
        '`__syncthreads()` after the loop) instead of exiting at once; it checks whether the warps around the ' +
        'producer change its copy time, which the ld/st baseline of `pipe_named` and `pipe_syncthreads` assumes ' +
        'they do not',
    },
    copyAlone(
      'copy_cp_async',
      '`cp.async` by 32 lanes, S − 1 older groups in flight (`cp.async.wait_group`)',
    ),
    copyAlone('copy_tma', 'one `cp.async.bulk` completing on the stage’s mbarrier, S copies in flight'),
  ],
  notes: [
    STATEFUL_NOTE,
    'A hand-off row is the pipeline minus the same copies alone at the same stages and payload, so it is what ' +
      'the synchronization (and the consumers’ reading, where the copy does not hide it) adds per stage; at 0 B ' +
      'it is the synchronization alone. The copy time per stage is the “copies alone” rows. A negative figure ' +
      'means the consumers overlap the copies better than the producer alone; the diagnostic ' +
      '`pipe_named_copytime` shows whether the producer’s own copies are faster inside the pipeline.',
  ],
};

export const pipelineMode: ModeDefinition = {
  rank: 200,
  method: PIPELINE_METHOD,
  info: {
    id: 'pipeline',
    title: 'Pipeline stages: __syncthreads vs cp.async vs TMA + mbarrier vs named barriers',
    question:
      'What does one stage of a warp-specialized producer/consumer pipeline cost to hand over, apart from the copy?',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, NBLOCKS, STAGES, PAYLOADS, CONSUMER_WARPS],
    chart: 'line',
    minCc: 90,
  },
  xAxis: { key: 'payloadBytes', label: 'payload per stage (bytes)', log: false },
  plan: async (v, ctx) => {
    requireSm90(ctx.device, word('plan.sm90Pipeline'));
    validate(v, ctx.device);
    const nblocks = num(v, 'nblocks', ctx.device.smCount);
    const iters = num(v, 'iters');
    const deltaIters = num(v, 'deltaIters');
    const out: PlannedPoint[] = [];
    for (const consumerWarps of v.consumerWarps as number[]) {
      for (const stages of v.stages as number[]) {
        for (const payloadBytes of v.payloadBytes as number[]) {
          const param = pipelineParam({ payloadBytes, stages, consumerWarps });
          const launch = {
            ...launchOf(ctx, nblocks, (consumerWarps + 1) * 32, 'consumerWarps'),
            dynamicSmemBytes: stages * payloadBytes,
          };
          const shape = `${count(stages, 'stage')} × ${kib(payloadBytes)}, 1 + ${consumerWarps} warps × ${count(nblocks, 'block')}`;
          const suffix =
            (v.consumerWarps as number[]).length > 1 ? `, ${count(consumerWarps, 'consumer warp')}` : '';
          for (const variant of VARIANTS) {
            out.push(
              loopPoint({
                series: `${variant.series}, ${count(stages, 'stage')}${suffix}`,
                label: `${variant.series} sync per stage, ${shape}`,
                x: payloadBytes,
                workload: variant.workload,
                param,
                baseline: { workload: variant.copy, param },
                launch,
                iters,
                deltaIters,
                op: variant.op,
              }),
            );
          }
          if (payloadBytes === 0) continue;
          out.push(
            loopPoint({
              series: `${COPYTIME_SERIES}, ${count(stages, 'stage')}${suffix}`,
              label: `producer's ld/st copy per stage inside the named-barrier pipeline (cycles; ns: whole stage), ${shape}`,
              x: payloadBytes,
              workload: 'pipe_named_copytime',
              param,
              baseline: null,
              launch,
              iters,
              deltaIters,
              op:
                'cycles: the producer warp’s own ld/st copy per stage inside the named-barrier pipeline (clock64 ' +
                'around each copy, lane 0); ns: the whole stage, nothing subtracted',
            }),
          );
          for (const copy of COPIES) {
            out.push(
              loopPoint({
                series: `copies alone: ${copy.series}, ${count(stages, 'stage')}${suffix}`,
                label: `${copy.series} copy per stage (no hand-off), ${shape}`,
                x: payloadBytes,
                workload: copy.workload,
                param,
                baseline: null,
                launch,
                iters,
                deltaIters,
                op: copy.op ?? `one stage's ${copy.series} copy by the producer warp alone`,
              }),
            );
          }
        }
      }
    }
    return out;
  },
  ratios: (points) => {
    const at0 = (series: string) =>
      points.find((p) => p.series.startsWith(`${series}, `) && p.x === 0 && !p.incorrect);
    return ratios([
      ratio(
        'TMA+mbarrier/__syncthreads per stage at 0 B',
        at0('TMA + mbarrier (expect_tx)'),
        at0('__syncthreads'),
        'perSyncNs',
      ),
      ratio(
        'TMA+mbarrier/named barriers per stage at 0 B',
        at0('TMA + mbarrier (expect_tx)'),
        at0('named barriers'),
        'perSyncNs',
      ),
      ratio(
        'cp.async+mbarrier/__syncthreads per stage at 0 B',
        at0('cp.async + mbarrier'),
        at0('__syncthreads'),
        'perSyncNs',
      ),
      ratio(
        'TMA/ld-st copy alone per stage (largest payload)',
        largest(points, 'copies alone: TMA bulk copy'),
        largest(points, 'copies alone: ld/st'),
        'perSyncNs',
      ),
    ]);
  },
};

/** The point of a series family with the largest payload. */
function largest(points: Point[], prefix: string): Point | undefined {
  return points
    .filter((p) => p.series.startsWith(prefix) && !p.incorrect)
    .reduce<Point | undefined>((a, p) => (!a || (p.x ?? 0) > (a.x ?? 0) ? p : a), undefined);
}
