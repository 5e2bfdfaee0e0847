/**
 * `host_completion`: what a host thread pays to learn GPU work finished — launch + cudaStreamSynchronize,
 * + cudaEventSynchronize, + cudaDeviceSynchronize, and the same waits on an idle device. The scheduling flag (how the
 * host thread waits: spin, yield, blocking sync) is fixed when the CUDA context is created, so each flag runs in its
 * own process (`schedule` parameter; the CLI and the measuring process set it before first touching the GPU).
 * Host completion is another boundary: it repairs no race inside a kernel.
 */
import type { ParamInfo } from '../../contract';
import { DELTA_ITERS, num } from './params';
import { iterations, launchOf } from './points';
import { pointOf, ratio, ratios } from './ratios';
import type { ModeDefinition, PlannedPoint } from './types';
import type { ModeMethod } from '../words/methods';
import { kernel } from './kernel-method';

/** The scheduling flags, in the order the all-flags sweep runs them. */
export const SCHEDULE_FLAGS = ['spin', 'yield', 'blocking-sync'] as const;

export const SCHEDULE: ParamInfo = {
  name: 'schedule',
  label: 'Host scheduling flag',
  kind: 'enum',
  default: 'auto',
  values: ['auto', ...SCHEDULE_FLAGS],
  help: 'cudaDeviceScheduleAuto/Spin/Yield/BlockingSync, set before the context is created (own process per flag).',
};

const WAITS = [
  { workload: 'host_stream_sync', name: 'cudaStreamSynchronize' },
  { workload: 'host_event_sync', name: 'cudaEventSynchronize' },
  { workload: 'host_device_sync', name: 'cudaDeviceSynchronize' },
] as const;

const hostWait = (workload: string, call: string) =>
  kernel({
    workload,
    body: `one empty kernel launch then \`${call}\` (param 0, "after launch"), or \`${call}\` with nothing outstanding (param 1, "idle")`,
    launch: '1 block of 32 threads (the empty kernel)',
    baseline: null,
    itersLo: 8,
    timer: 'host',
    cycles: false,
  });

/** What the mode measures, kernel by kernel (its Methods section; test/unit/methods checks it against `plan`). */
const HOST_COMPLETION_METHOD: ModeMethod = {
  kernels: [
    hostWait('host_stream_sync', 'cudaStreamSynchronize'),
    hostWait('host_event_sync', 'cudaEventRecord + cudaEventSynchronize'),
    hostWait('host_device_sync', 'cudaDeviceSynchronize'),
  ],
  notes: [
    'How the host thread waits (spin, yield, blocking sync) is the CUDA context’s scheduling flag, fixed when the ' +
      'context is created, so each flag runs in its own process (`schedule`); the result records it. Host ' +
      'completion is another boundary: it repairs no race inside a kernel (the CUDA memory model).',
  ],
};

export const hostCompletionMode: ModeDefinition = {
  rank: 160,
  method: HOST_COMPLETION_METHOD,
  info: {
    id: 'host_completion',
    title: 'Host completion: stream, event and device synchronize',
    question:
      'What does the host pay to wait for the GPU, after a launch and on an idle device, per scheduling flag?',
    group: 'scopes',
    params: [DELTA_ITERS, SCHEDULE],
    chart: 'bars',
    minCc: 0,
  },
  xAxis: null,
  plan: async (v, ctx) => {
    const schedule = String(v.schedule);
    const launch = launchOf(ctx, 1, 32);
    const out: PlannedPoint[] = [];
    for (const state of [0, 1]) {
      for (const w of WAITS) {
        const what = state === 0 ? `empty launch + ${w.name}` : `${w.name} on an idle device`;
        out.push({
          series: `${state === 0 ? 'after launch' : 'idle'} (${schedule})`,
          label: `${what} (${schedule})`,
          x: null,
          op: state === 0 ? `one empty kernel launch + ${w.name}` : `one ${w.name} with nothing outstanding`,
          incorrect: false,
          cooperative: false,
          spec: {
            workload: w.workload,
            param: state,
            baseline: null,
            unitsPerIter: 1,
            launch,
            ...iterations(w.workload, 8, num(v, 'deltaIters')),
          },
        });
      }
    }
    return out;
  },
  ratios: (points) => {
    const series = points[0]?.series ?? '';
    const after = points.filter((p) => p.series === series);
    return ratios([
      ratio('device sync/stream sync after a launch', after[2], after[0], 'perSyncNs'),
      ratio('idle stream sync/after launch', pointOf(points, points[3]?.series ?? ''), after[0], 'perSyncNs'),
    ]);
  },
};
