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

export const pipelineMode: ModeDefinition = {
  rank: 200,
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
          const suffix = (v.consumerWarps as number[]).length > 1 ? `, ${consumerWarps} consumer warps` : '';
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
