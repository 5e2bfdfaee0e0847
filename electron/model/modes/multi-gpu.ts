/**
 * `multi_gpu`: synchronization between two GPUs (kernels/multi_gpu.cu), over one chosen pair or every pair: a flag
 * round trip through peer memory with release/acquire at system scope (device scope does not reach another device
 * in the CUDA memory model) and its volatile variant shown for cost only, a cross-device event dependency, a host
 * barrier (one host thread per GPU), a one-element NCCL all-reduce when NCCL is present, and cudaMemcpyPeerAsync +
 * an event.
 * Validation runs here, before anything is launched: one GPU is refused; a pair without peer access runs only the
 * variants that need none (the host barrier and the peer copy need neither peer access nor NCCL), and the result
 * says per pair what was left out and why.
 */
import type { GpuPair, ParamInfo } from '../../contract';
import { PlanError } from './plan-error';
import { word } from '../words/host-text';
import { pairName, pairSummary, topologyOf } from '../multi-gpu';
import { VARIANTS } from '../multi-gpu/variants';
import type { Point } from '../results/schema';
import { DELTA_ITERS, ITERS, num } from './params';
import { iterations, launchOf } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition, ParamValues, PlanContext, PlannedPoint } from './types';
import type { KernelMethod, ModeMethod } from '../words/methods';
import { kernel } from './kernel-method';

const PAIR: ParamInfo = {
  name: 'pair',
  label: 'GPU pair (A,B)',
  kind: 'int-list',
  default: null,
  min: 0,
  max: 63,
  whenUnset: 'every pair of this machine',
  help: 'Two device ordinals, e.g. 0,1 (GPU A, GPU B). Empty: every pair of this machine.',
};

const VOLATILE: ParamInfo = {
  name: 'includeVolatile',
  label: 'Also measure the (incorrect) volatile flag',
  kind: 'enum',
  default: 'yes',
  values: ['yes', 'no'],
  help: 'The volatile variant is labelled INCORRECT and never ranked or recommended.',
};

/** The pairs a request asks for: every pair, or the one named by `pair` (throws PlanError naming the problem). */
async function chosenPairs(v: ParamValues, ctx: PlanContext): Promise<GpuPair[]> {
  const query = await ctx.backend.queryDevices();
  if (!query || !query.available) throw new PlanError('NO_GPU', 'no usable GPU');
  const topo = topologyOf(query);
  // The same reasons as the topology's note (multi-gpu/topology.ts), as codes.
  if (topo.gpuCount < 2) {
    const devices = query.devices.map((d) => word('plan.deviceName', { ordinal: d.ordinal, name: d.name }));
    const why = word(topo.gpuCount === 1 ? 'plan.oneGpu' : 'plan.noGpu');
    throw PlanError.fields({ pair: word('plan.noPairs', { why, devices }) });
  }
  if (topo.pairs.length === 0) {
    throw PlanError.fields({ pair: word(query.pairs ? 'plan.pairsNotKnown' : 'plan.pairsNotReported') });
  }
  const want = v.pair;
  if (!Array.isArray(want)) return topo.pairs;
  const last = topo.gpuCount - 1;
  if (want.some((d) => d > last)) {
    throw PlanError.fields({ pair: word('plan.noSuchGpu', { pair: want.join(','), last }) });
  }
  const [a, b] = want as [number, number];
  const found = topo.pairs.find((p) => p.a === Math.min(a, b) && p.b === Math.max(a, b))!;
  if (a < b) return [found];
  // GPU A is the one asked first: the pair's directions swap.
  return [
    {
      ...found,
      a,
      b,
      peerAccess: { aToB: found.peerAccess.bToA, bToA: found.peerAccess.aToB },
      nativeAtomics: { aToB: found.nativeAtomics.bToA, bToA: found.nativeAtomics.aToB },
      performanceRank: { aToB: found.performanceRank.bToA, bToA: found.performanceRank.aToB },
    },
  ];
}

/** `pair` is two different ordinals (checked before the device is known). */
function checkPair(v: ParamValues): void {
  const want = v.pair;
  if (Array.isArray(want) && (want.length !== 2 || want[0] === want[1])) {
    throw PlanError.fields({ pair: word('plan.notAPair', { pair: want.join(',') }) });
  }
}

const PAIR_LAUNCH = 'one thread per GPU on GPU A and GPU B (`pair`, default every pair), one stream each';

const pairKernel = (workload: string, body: string, extra: Partial<KernelMethod> = {}) =>
  kernel({ workload, body, launch: PAIR_LAUNCH, baseline: null, param: 0, verified: true, ...extra });

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const MULTI_GPU_METHOD: ModeMethod = {
  kernels: [
    pairKernel(
      'peer_handoff',
      'one round trip of a flag between a kernel on GPU A and a kernel on GPU B: each writes a payload and the ' +
        'round number into the other GPU’s inbox through peer memory (`cuda::atomic_ref<…, thread_scope_system>` ' +
        'release store, PTX `st.release.sys`) and spins on its own inbox (acquire load, `ld.acquire.sys`), then ' +
        'checks the payload (kernels/multi_gpu.cu)',
    ),
    pairKernel(
      'peer_handoff_volatile',
      'the same round trip with `volatile` loads and stores: not synchronization, labelled INCORRECT, never ranked',
    ),
    pairKernel(
      'peer_event_hop',
      'two hops: a 1-thread kernel on GPU A leaves a token, `cudaEventRecord`, `cudaStreamWaitEvent` on GPU B’s ' +
        'stream, whose kernel checks the token through peer memory and leaves its own, and back',
      { unitsPerIter: 2, timer: 'events-all', cycles: false },
    ),
    pairKernel(
      'host_barrier_gpus',
      'one host thread per GPU launches a kernel that writes its token to mapped host memory, ' +
        '`cudaStreamSynchronize`, a `std::barrier` of the two threads, then checks the other GPU’s token',
      { timer: 'host', cycles: false },
    ),
    pairKernel(
      'nccl_allreduce_barrier',
      'one one-element `ncclAllReduce` (sum of int32) on both GPUs in one `ncclGroupStart/End`, each iteration on ' +
        'its own element; every sum is checked afterwards',
      { timer: 'events-all', cycles: false },
    ),
    pairKernel(
      'peer_copy_hop',
      'two hops: `cudaMemcpyPeerAsync` of 64 B from GPU A to GPU B and an event B’s stream waits on, then 64 B ' +
        'back the same way (the copy engine; no peer access needed); both copies are checked',
      { unitsPerIter: 2, timer: 'events-all', cycles: false },
    ),
  ],
  notes: [
    'Every GPU spin gives up after 2 s on `%globaltimer` and every host wait after 10 s, so a GPU that never ' +
      'arrives is an error, not a hang. Events are timed on GPU A’s stream; the host barrier on the host’s ' +
      'steady clock. No baseline is subtracted: the difference of a short and a long run removes launch and ' +
      'set-up costs.',
    'Device-scope atomics do not reach another device (the CUDA memory model): across GPUs only system scope, an event ' +
      'dependency, a host barrier or a collective orders memory. A pair without peer access runs only the host ' +
      'barrier, NCCL and the copy; NCCL is loaded at run time (libnccl.so.2, NCCL 2 only) and skipped with the ' +
      'reason when missing.',
  ],
};

export const multiGpuMode: ModeDefinition = {
  rank: 170,
  method: MULTI_GPU_METHOD,
  info: {
    id: 'multi_gpu',
    title: 'Between GPUs: peer flags, cross-device events, host barriers, NCCL, peer copies',
    question:
      'What does it cost to hand work from one GPU to another: a system-scope flag in peer memory, an event ' +
      'dependency, a host barrier, an NCCL all-reduce, or a peer copy?',
    group: 'scopes',
    params: [ITERS, DELTA_ITERS, PAIR, VOLATILE],
    chart: 'bars',
    minCc: 0,
  },
  xAxis: null,
  checkParams: checkPair,
  plan: async (v, ctx) => {
    const pairs = await chosenPairs(v, ctx);
    const iters = num(v, 'iters');
    const deltaIters = num(v, 'deltaIters');
    const launch = launchOf(ctx, 1, 32);
    const out: PlannedPoint[] = [];
    for (const pair of pairs) {
      ctx.notes?.push(pairSummary(pair));
      for (const r of pair.multiGpu.refused) ctx.notes?.push(`not measured: ${r.reason}.`);
      for (const def of VARIANTS) {
        if (!pair.multiGpu.runs.includes(def.id)) continue;
        if (def.incorrect && v.includeVolatile !== 'yes') continue;
        out.push({
          series: `${pairName(pair)}: ${def.name}`,
          label: `${pairName(pair)}, ${def.incorrect ? `${def.name} (INCORRECT)` : def.name}`,
          x: null,
          op: def.op,
          incorrect: def.incorrect,
          cooperative: false,
          devices: { device: pair.a, peerDevice: pair.b },
          spec: {
            workload: def.workload,
            param: 0,
            baseline: null,
            unitsPerIter: def.unitsPerIter,
            launch,
            ...iterations(def.workload, iters, deltaIters),
          },
        });
      }
    }
    return out;
  },
  ratios: (points) => multiGpuRatios(points),
};

/** Per pair: event hop, host barrier, NCCL and copy hop over the system-scope flag round trip. */
function multiGpuRatios(points: Point[]) {
  const pairs = [...new Set(points.map((p) => p.series.split(': ')[0]!))];
  return ratios(
    pairs.flatMap((pair) => {
      const of = (name: string) => pointOf(points, `${pair}: ${name}`);
      const flag = of('system-scope flag');
      return [
        ratio(`${pair}: event hop / flag round trip`, of('event dependency'), flag, 'perSyncNs'),
        ratio(`${pair}: host barrier / flag round trip`, of('host barrier'), flag, 'perSyncNs'),
        ratio(`${pair}: NCCL all-reduce / flag round trip`, of('NCCL all-reduce'), flag, 'perSyncNs'),
        ratio(`${pair}: copy hop / event hop`, of('copy + event'), of('event dependency'), 'perSyncNs'),
      ];
    }),
  );
}
