/**
 * One refusal of a run request's field for every place the measurement core words one (electron/model/modes,
 * electron/core/measure): each provoked through the real plans, parsers and checks with the fake backend, and the
 * English it must keep (the CLI prints it; written down from the messages before they had codes).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { coopLimit } from '../../../electron/core/measure/device';
import { takeGpu } from '../../../electron/core/measure/gpu-access';
import { takeGpuLock } from '../../../electron/core/measure/gpu-lock';
import { PlanError } from '../../../electron/model/modes/plan-error';
import { planRun } from '../../../electron/core/measure/plan-run';
import { parseStopping } from '../../../electron/core/measure/stopping';
import { toDevice } from '../../../electron/core/measure/provenance';
import { getMode, MODES } from '../../../electron/model/modes';
import { payloadProblem } from '../../../electron/model/modes/hopper-rules';
import { parseParams } from '../../../electron/model/modes/params';
import type { NativeDeviceInfo } from '../../../electron/model/native/addon-types';
import type { RunRequest } from '../../../electron/contract';
import { fakeBackend, fakePair, h200At, H200, nvmlList } from '../helpers/fake-backend';

export interface Refusal {
  /** What is refused, for the test's name. */
  name: string;
  /** The field the message belongs to. */
  field: string;
  /** The code the message has. */
  code: string;
  /** The message in English, as the host always wrote it. */
  english: string;
  /** Provokes the refusal: resolves to the PlanError thrown. */
  refuse: () => Promise<PlanError>;
}

/** The PlanError that `act` throws or rejects with. */
export async function planErrorOf(act: () => unknown): Promise<PlanError> {
  try {
    await act();
  } catch (err) {
    if (err instanceof PlanError) return err;
    throw err;
  }
  throw new Error('expected a PlanError');
}

/** A backend whose one GPU is the H200 changed by `device`. */
function backendWith(device: Partial<NativeDeviceInfo>, opts: Parameters<typeof fakeBackend>[0] = {}) {
  return fakeBackend({ ...opts, devices: [{ ...H200, ...device }] });
}

const plan =
  (req: RunRequest, backend = fakeBackend()) =>
  () =>
    planErrorOf(() => planRun(req, backend));

/** The mode's own plan on an A100, past the run's compute-capability check, to reach the mode's rule. */
const ownPlan = (mode: string) => () =>
  planErrorOf(() => {
    const m = getMode(mode);
    return m.plan(parseParams(m.info.params, {}), {
      device: toDevice({ ...H200, computeCapability: '8.0', name: 'A100' }),
      backend: fakeBackend(),
    });
  });

const NCCL_OK = { state: 'loaded', version: '2.27.3', library: 'libnccl.so.2', reason: null } as const;
const twoGpus = (opts: Parameters<typeof fakeBackend>[0] = {}) =>
  fakeBackend({ devices: [h200At(0), h200At(1)], pairs: [fakePair(0, 1)], nccl: NCCL_OK, ...opts });

const SM90 = (what: string) =>
  `${what} needs compute capability 9.0 (Hopper) or newer; A100 is 8.0, so its kernels are built without these ` +
  'instructions and are not launched';

const OCCUPANCY_256_THREADS =
  'cudaOccupancyMaxActiveBlocksPerMultiprocessor(grid_sync, 256 threads, 0 B dynamic shared memory) = 8 blocks/SM × ' +
  '132 SMs = 1056 blocks';

/** Every field message of the measurement core, one case per wording. */
export const REFUSALS: Refusal[] = [
  // modes/params.ts
  {
    name: 'an unknown parameter',
    field: 'bogus',
    code: 'plan.unknownParam',
    english: 'unknown parameter; this mode takes iters, deltaIters, nwarps, nblocks',
    refuse: plan({ mode: 'modes', params: { bogus: 1 } }),
  },
  {
    name: 'a parameter of a mode that takes none',
    field: 'bogus',
    code: 'plan.unknownParamNone',
    english: 'unknown parameter; this mode takes none',
    refuse: () => planErrorOf(() => parseParams([], { bogus: 1 })),
  },
  {
    name: 'a value outside an enum',
    field: 'includeVolatile',
    code: 'plan.notOneOf',
    english: "'maybe' is not allowed; use one of yes, no",
    refuse: plan({ mode: 'handoff', params: { includeVolatile: 'maybe' } }),
  },
  {
    name: 'a list that is not whole numbers in range',
    field: 'nwarpsList',
    code: 'plan.notWholeList',
    english: "'1,x,64' is not a comma-separated list of whole numbers from 1 to 32",
    refuse: plan({ mode: 'sweep', params: { nwarpsList: '1,x,64' } }),
  },
  {
    name: 'a fraction for a whole number',
    field: 'iters',
    code: 'plan.notWhole',
    english: "'1.5' is not a whole number; allowed: 1 to 1000000",
    refuse: plan({ mode: 'modes', params: { iters: '1.5' } }),
  },
  {
    name: 'text for a number',
    field: 'ratio',
    code: 'plan.notNumber',
    english: "'abc' is not a number; allowed: 0 to ∞",
    refuse: () =>
      planErrorOf(() =>
        parseParams([{ name: 'ratio', label: 'Ratio', kind: 'number', default: 1, min: 0, help: '' }], {
          ratio: 'abc',
        }),
      ),
  },
  {
    name: 'a number out of range',
    field: 'iters',
    code: 'plan.outOfRange',
    english: '0 is out of range; allowed: 1 to 1000000',
    refuse: plan({ mode: 'modes', params: { iters: 0 } }),
  },
  {
    name: 'a number out of range, with its unit',
    field: 'waitNs',
    code: 'plan.outOfRangeUnit',
    english: '5 is out of range; allowed: -∞ to 4 ns',
    refuse: () =>
      planErrorOf(() =>
        parseParams(
          [{ name: 'waitNs', label: 'Wait', kind: 'int', default: 1, max: 4, unit: 'ns', help: '' }],
          {
            waitNs: 5,
          },
        ),
      ),
  },
  // modes/index.ts
  {
    name: 'an unknown mode',
    field: 'mode',
    code: 'plan.unknownMode',
    // The known modes in MODES's order (a new mode joins the list without an edit here).
    english: `unknown mode 'nope'; known modes: ${MODES.map((m) => m.info.id).join(', ')}`,
    refuse: plan({ mode: 'nope', params: {} }),
  },
  // measure/plan-run.ts
  {
    name: 'a mode above the device’s compute capability',
    field: 'mode',
    code: 'plan.modeNeedsCc',
    english: 'cluster needs compute capability 9 or newer; A100 is 8.0',
    refuse: plan({ mode: 'cluster', params: {} }, backendWith({ computeCapability: '8.0', name: 'A100' })),
  },
  // measure/device.ts
  {
    name: 'a device ordinal the machine does not have',
    field: 'device',
    code: 'plan.noDevice',
    english: 'device 3 does not exist; this machine has devices 0..0',
    refuse: plan({ mode: 'modes', device: 3, params: {} }),
  },
  {
    name: 'a block size the device cannot launch (cooperative limit query)',
    field: 'threadsPerBlock',
    code: 'plan.threadsPerBlock',
    english: '2048 is not allowed; use 1 to 1024',
    refuse: () => planErrorOf(() => coopLimit({ device: 0, threadsPerBlock: 2048 }, fakeBackend())),
  },
  // measure/stopping.ts
  {
    name: 'a stopping field that must be whole',
    field: 'warmup',
    code: 'plan.stoppingWhole',
    english: '1.5 is not allowed; use a whole number from 0 to 1000',
    refuse: () => planErrorOf(() => parseStopping({ warmup: 1.5 })),
  },
  {
    name: 'a stopping field out of range',
    field: 'targetRelCi',
    code: 'plan.stoppingNumber',
    english: '5 is not allowed; use a number from 0.0001 to 1',
    refuse: () => planErrorOf(() => parseStopping({ targetRelCi: 5 })),
  },
  {
    name: 'maxReps below minReps',
    field: 'maxReps',
    code: 'plan.atLeast',
    english: 'maxReps (5) must be at least minReps (10)',
    refuse: () => planErrorOf(() => parseStopping({ minReps: 10, maxReps: 5 })),
  },
  {
    name: 'maxTimeMs below minTimeMs',
    field: 'maxTimeMs',
    code: 'plan.atLeast',
    english: 'maxTimeMs (10) must be at least minTimeMs (20)',
    refuse: () => planErrorOf(() => parseStopping({ minTimeMs: 20, maxTimeMs: 10 })),
  },
  // modes/points.ts
  {
    name: 'more threads per block than the device allows',
    field: 'threadsList',
    code: 'plan.tooManyThreads',
    english:
      '1024 threads per block is more than this device allows (512, cudaDeviceProp.maxThreadsPerBlock)',
    refuse: plan(
      { mode: 'fences', params: { threadsList: '1024' } },
      backendWith({ maxThreadsPerBlock: 512 }),
    ),
  },
  {
    name: 'a grid barrier on a device without cooperative launch',
    field: 'nblocks',
    code: 'plan.noCooperative',
    english:
      'NVIDIA H200 does not support cooperative launch (cudaDevAttrCooperativeLaunch = 0), so grid-wide sync cannot run',
    refuse: plan({ mode: 'grid', params: {} }, backendWith({ cooperativeLaunch: false })),
  },
  {
    name: 'a cooperative grid above the co-resident limit',
    field: 'nblocks',
    code: 'plan.overCoResident',
    english:
      `1057 blocks is more than can be co-resident for a cooperative launch: ${OCCUPANCY_256_THREADS}. A larger grid ` +
      'fails with cudaErrorCooperativeLaunchTooLarge ("too many blocks in cooperative launch").',
    refuse: plan({ mode: 'grid', params: { nwarps: 8, nblocks: 1057 } }),
  },
  // modes/chapter.ts
  {
    name: 'a grid sweep whose block fits no SM',
    field: 'nwarps',
    code: 'plan.noGridBlock',
    english:
      'no block of 8 warps fits for grid_sync: cudaOccupancyMaxActiveBlocksPerMultiprocessor(grid_sync, 256 ' +
      'threads, 0 B dynamic shared memory) = 0 blocks/SM × 132 SMs = 0 blocks',
    refuse: () => {
      const backend = fakeBackend();
      backend.occupancy = async () => ({ blocksPerSm: 0, smCount: 132, coResidentBlocks: 0 });
      return planErrorOf(() => planRun({ mode: 'sweep_grid', params: {} }, backend));
    },
  },
  {
    name: 'a hand-off with one warp',
    field: 'nwarps',
    code: 'plan.handoffWarps',
    english: 'the hand-off needs at least 2 warps (a writer and a reader)',
    refuse: plan({ mode: 'correctness', params: { nwarps: 1 } }),
  },
  // modes/tiles.ts
  {
    name: 'tile sizes that are not powers of two or larger than the block',
    field: 'tileSizes',
    code: 'plan.tileSizes',
    english:
      '12 is not a power of two; 256 is larger than the block (128 threads; raise nwarps); allowed: 4, 8, 16, 32, ' +
      '64, 128, 256, 512',
    refuse: plan({ mode: 'tiles', params: { nwarps: 4, tileSizes: '12,256' } }),
  },
  {
    name: 'multi-warp tiles below compute capability 8.0',
    field: 'tileSizes',
    code: 'plan.tileSizes',
    english:
      '64 needs compute capability 8.0+ (multi-warp tiles); T4 is 7.5; allowed: 4, 8, 16, 32, 64, 128, 256, 512',
    refuse: plan(
      { mode: 'tiles', params: { tileSizes: '64' } },
      backendWith({ computeCapability: '7.5', name: 'T4' }),
    ),
  },
  // modes/named.ts
  {
    name: 'more participants than warps',
    field: 'participants',
    code: 'plan.tooManyParticipants',
    english: '8 warps is more than the block has (nwarps = 4)',
    refuse: plan({ mode: 'named', params: { nwarps: 4, participants: '2,8' } }),
  },
  // modes/overlap.ts
  {
    name: 'one work count without a kernel',
    field: 'workList',
    code: 'plan.noWorkKernelOne',
    english: '7 FADDs: no kernel is built for it; allowed: 0, 8, 32, 128',
    refuse: plan({ mode: 'overlap', params: { workList: '0,7' } }),
  },
  {
    name: 'work counts without kernels',
    field: 'workList',
    code: 'plan.noWorkKernelMany',
    english: '7, 9 FADDs: no kernel is built for them; allowed: 0, 8, 32, 128',
    refuse: plan({ mode: 'overlap', params: { workList: '7,9' } }),
  },
  // modes/cluster.ts
  {
    name: 'clusters on a device without cluster launch',
    field: 'clusterSizes',
    code: 'plan.noClusterLaunch',
    english:
      'NVIDIA H200 does not support cluster launch (cudaDevAttrClusterLaunch = 0; thread-block clusters need ' +
      'compute capability 9.0+)',
    refuse: plan({ mode: 'cluster', params: {} }, backendWith({ clusterLaunch: false })),
  },
  {
    name: 'a cluster size the runtime cannot launch',
    field: 'clusterSizes',
    code: 'plan.clusterSizeThreads',
    english:
      'cluster size 16 with 256 threads per block cannot be launched on NVIDIA H200: ' +
      'cudaOccupancyMaxActiveClusters = 0; sizes above 8 need cudaFuncAttributeNonPortableClusterSizeAllowed and a ' +
      'device that allows them (16 on Hopper)',
    refuse: plan(
      { mode: 'cluster', params: { clusterSizes: '16' } },
      fakeBackend({ clusters: (size) => (size > 8 ? 0 : 4) }),
    ),
  },
  {
    name: 'a cluster size the runtime cannot launch, with the runtime’s reason',
    field: 'clusterSizes',
    code: 'plan.clusterSizeThreads',
    english:
      'cluster size 16 with 256 threads per block cannot be launched on NVIDIA H200: ' +
      'cudaOccupancyMaxActiveClusters = 0 (cudaErrorInvalidClusterSize: invalid cluster size); sizes above 8 need ' +
      'cudaFuncAttributeNonPortableClusterSizeAllowed and a device that allows them (16 on Hopper)',
    refuse: () => {
      const backend = fakeBackend();
      backend.maxActiveClusters = async () => ({
        maxActiveClusters: 0,
        reason: 'cudaErrorInvalidClusterSize: invalid cluster size',
      });
      return planErrorOf(() => planRun({ mode: 'cluster', params: { clusterSizes: '16' } }, backend));
    },
  },
  // modes/cluster-arrive.ts
  {
    name: 'a ring on a device without cluster launch',
    field: 'clusterSizes',
    code: 'plan.noClusterLaunch',
    english:
      'NVIDIA H200 does not support cluster launch (cudaDevAttrClusterLaunch = 0; thread-block clusters need ' +
      'compute capability 9.0+)',
    refuse: plan({ mode: 'cluster_arrive', params: {} }, backendWith({ clusterLaunch: false })),
  },
  {
    name: 'a ring size the runtime cannot launch',
    field: 'clusterSizes',
    code: 'plan.clusterSize',
    english:
      'cluster size 16 cannot be launched on NVIDIA H200: cudaOccupancyMaxActiveClusters = 0; sizes above 8 need ' +
      'cudaFuncAttributeNonPortableClusterSizeAllowed and a device that allows them (16 on Hopper)',
    refuse: plan(
      { mode: 'cluster_arrive', params: { clusterSizes: '16' } },
      fakeBackend({ clusters: (size) => (size > 8 ? 0 : 4) }),
    ),
  },
  {
    name: 'more rings than can be co-resident',
    field: 'clusters',
    code: 'plan.clustersNotCoResident',
    english:
      '5 clusters of 8 blocks cannot all be co-resident on NVIDIA H200: ' +
      'cudaOccupancyMaxActiveClusters(cluster_sync_ring, 32 threads, cluster 8) = 4',
    refuse: plan(
      { mode: 'cluster_arrive', params: { clusterSizes: '8', clusters: 5 } },
      fakeBackend({ clusters: () => 4 }),
    ),
  },
  // modes/hopper-rules.ts
  {
    name: 'programmatic dependent launch below sm_90',
    field: 'mode',
    code: 'plan.needsSm90',
    english: SM90(
      'programmatic dependent launch (griddepcontrol, cudaLaunchAttributeProgrammaticStreamSerialization)',
    ),
    refuse: ownPlan('pdl'),
  },
  {
    name: 'the pipeline below sm_90',
    field: 'mode',
    code: 'plan.needsSm90',
    english: SM90('the pipeline mode (mbarrier transaction counts, cp.async.bulk)'),
    refuse: ownPlan('pipeline'),
  },
  {
    name: 'cluster hand-offs below sm_90',
    field: 'mode',
    code: 'plan.needsSm90',
    english: SM90('distributed shared memory and remote mbarrier arrive (thread-block clusters)'),
    refuse: ownPlan('cluster_arrive'),
  },
  {
    name: 'a payload that is not a multiple of 16 B',
    field: 'payloadBytes',
    code: 'plan.payloadMultiple',
    english:
      '1000 B is not a multiple of 16 B: cp.async.bulk (TMA) copies a size that is a multiple of 16 bytes between ' +
      '16-byte-aligned addresses, and stage k starts at k × payload, so the payload must be a multiple of 16 B ' +
      '(the same rule holds for the 16-byte vectors of the other variants)',
    refuse: plan({ mode: 'pipeline', params: { payloadBytes: '4096,1000' } }),
  },
  {
    name: 'a payload above the kernels’ largest',
    field: 'payloadBytes',
    code: 'plan.payloadTooLarge',
    english: '131072 B is more than the largest stage payload the kernels take (65536 B)',
    refuse: () =>
      planErrorOf(() => {
        const problem = payloadProblem(131072);
        if (problem) throw PlanError.fields({ payloadBytes: problem });
      }),
  },
  {
    name: 'stages that do not fit the shared memory',
    field: 'payloadBytes',
    code: 'plan.stageSmem',
    english:
      '4 stages × 65536 B + 64 B of barriers = 262208 B of shared memory per block is more than NVIDIA H200 allows ' +
      'a block to opt in to (232448 B, cudaDevAttrMaxSharedMemoryPerBlockOptin); use fewer stages or a smaller ' +
      'payload',
    refuse: plan({ mode: 'pipeline', params: { stages: '4', payloadBytes: '65536' } }),
  },
  // modes/pipeline.ts
  {
    name: 'more consumer warps than a block may have',
    field: 'consumerWarps',
    code: 'plan.consumerWarps',
    english:
      '8 consumer warps + 1 producer warp = 288 threads is more than this device allows per block (256, ' +
      'cudaDeviceProp.maxThreadsPerBlock)',
    refuse: plan(
      { mode: 'pipeline', params: { consumerWarps: '8' } },
      backendWith({ maxThreadsPerBlock: 256 }),
    ),
  },
  // modes/multi-gpu.ts
  {
    name: 'one GPU for multi_gpu',
    field: 'pair',
    code: 'plan.noPairs',
    english:
      'one GPU: no pairs (device 0: NVIDIA H200); multi_gpu needs two GPUs in this process (check ' +
      'CUDA_VISIBLE_DEVICES)',
    refuse: plan({ mode: 'multi_gpu', params: {} }),
  },
  {
    name: 'no GPU for multi_gpu (its own plan: the run refuses the device first)',
    field: 'pair',
    code: 'plan.noPairs',
    english: 'no GPU: no pairs (); multi_gpu needs two GPUs in this process (check CUDA_VISIBLE_DEVICES)',
    refuse: () =>
      planErrorOf(() => {
        const m = getMode('multi_gpu');
        return m.plan(parseParams(m.info.params, {}), {
          device: toDevice(H200),
          backend: fakeBackend({ devices: [] }),
        });
      }),
  },
  {
    name: 'two GPUs whose pairs the addon did not report',
    field: 'pair',
    code: 'plan.pairsNotReported',
    english:
      'the GPU pairs are not known: the addon was built before the multi-GPU family; rebuild it with `npm run ' +
      'build:native`',
    refuse: plan({ mode: 'multi_gpu', params: {} }, twoGpus({ pairs: 'absent' })),
  },
  {
    name: 'two GPUs and no pairs',
    field: 'pair',
    code: 'plan.pairsNotKnown',
    english: 'the GPU pairs are not known',
    refuse: plan({ mode: 'multi_gpu', params: {} }, twoGpus({ pairs: [] })),
  },
  {
    name: 'a pair naming a GPU the machine lacks',
    field: 'pair',
    code: 'plan.noSuchGpu',
    english: "'0,2' names a GPU this machine does not have; its devices are 0 to 1",
    refuse: plan({ mode: 'multi_gpu', params: { pair: '0,2' } }, twoGpus()),
  },
  {
    name: 'a pair that is not two GPUs',
    field: 'pair',
    code: 'plan.notAPair',
    english: "'0,0' is not a pair; give two different device ordinals, e.g. 0,1",
    refuse: plan({ mode: 'multi_gpu', params: { pair: '0,0' } }, twoGpus()),
  },
  {
    name: 'a GPU another product process holds past the wait',
    field: 'gpuAccess',
    code: 'plan.gpuLocked',
    english:
      `another Sync Workbench process (pid ${process.pid}) is measuring on GPU ${H200.pciBusId}; waited 0.2 s for ` +
      'it; run again when it ends, or pass --shared (Run form: "Measure beside other runs") to measure beside it',
    refuse: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'sb-refusal-'));
      const held = await takeGpuLock(H200, 1000, () => {}, dir);
      const err = await planErrorOf(() =>
        takeGpu({ gpuWaitS: 0.2 }, fakeBackend(), toDevice(H200), () => {}, dir),
      );
      if ('release' in held) await held.release();
      return err;
    },
  },
  {
    name: '--exclusive with another compute process on the GPU',
    field: 'gpuAccess',
    code: 'plan.gpuNotFree',
    english:
      `GPU ${H200.pciBusId} was not free of other compute processes after 0.1 s: 777 python3; stop them, or run ` +
      'without --exclusive (the points are then flagged as measured on a shared GPU)',
    refuse: () =>
      planErrorOf(() =>
        takeGpu(
          { gpuAccess: 'exclusive', gpuWaitS: 0.1 },
          fakeBackend({ gpuProcesses: () => nvmlList([{ pid: 777, name: 'python3' }]) }),
          toDevice(H200),
          () => {},
          mkdtempSync(path.join(tmpdir(), 'sb-refusal-')),
        ),
      ),
  },
  {
    name: '--exclusive without NVML',
    field: 'gpuAccess',
    code: 'plan.gpuUnknown',
    english: `GPU ${H200.pciBusId}: --exclusive needs NVML to see the compute processes, and NVML is not available (NVML absent)`,
    refuse: () =>
      planErrorOf(() =>
        takeGpu(
          { gpuAccess: 'exclusive', gpuWaitS: 0.1 },
          fakeBackend(),
          toDevice(H200),
          () => {},
          mkdtempSync(path.join(tmpdir(), 'sb-refusal-')),
        ),
      ),
  },
];
