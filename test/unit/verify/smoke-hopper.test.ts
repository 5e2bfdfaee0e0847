import { describe, expect, it } from 'vitest';

import type { NativeWorkloadInfo } from '../../../electron/model/native/addon-types';
import { workloadInfo } from '../helpers/workload-info';
import { smokeSpec } from '../../../electron/core/verify/smoke';

// The smoke launch the kernel tables state (kernels/*.cu `.smoke`), through their TypeScript mirror.
const info = (id: string): NativeWorkloadInfo => workloadInfo(id, { family: 'pipeline', minCc: 90 });

describe('smoke shapes of the sm_90 workloads', () => {
  it.each([
    'pipe_syncthreads',
    'pipe_cp_async',
    'pipe_tma',
    'pipe_tma_spin',
    'pipe_named_copytime',
    'pipe_named',
    'copy_ldst',
    'copy_ldst_resident',
    'copy_cp_async',
    'copy_tma',
  ])('%s: the shape kernels/pipeline.cu accepts (32 (C + 1) threads, S × P bytes of shared memory)', (id) => {
    const s = smokeSpec(info(id), 0);
    const payload = (s.param & 0x1fff) * 16;
    const stages = (s.param >> 13) & 7;
    const consumers = (s.param >> 16) & 15;
    expect(payload).toBeGreaterThan(0);
    expect(s.launch.threadsPerBlock).toBe(32 * (consumers + 1));
    expect(s.launch.dynamicSmemBytes).toBeGreaterThanOrEqual(stages * payload);
    expect(s.baseline).toBeNull();
  });

  it.each(['cluster_arrive_ring', 'cluster_arrive_oneway', 'cluster_arrive_only', 'cluster_sync_ring'])(
    '%s: a cluster of 2 one-warp blocks',
    (id) => {
      expect(smokeSpec(info(id), 0).launch).toMatchObject({
        gridBlocks: 2,
        threadsPerBlock: 32,
        clusterSize: 2,
      });
    },
  );

  it('runs the PDL chain with each trigger and a prologue', () => {
    const params = ['pdl_plain', 'pdl_launch', 'pdl_graph_prog'].map((id) => smokeSpec(info(id), 0).param);
    expect(params.map((p) => p & 3)).toEqual([0, 1, 2]);
    expect(params.map((p) => p >> 2)).toEqual([64, 64, 64]);
  });
});
