import { describe, expect, it } from 'vitest';
import type { NativeGpuProcesses } from '../../../electron/model/native/addon-types';
import type { Point, ResultFile } from '../../../electron/model/results/schema';
import {
  launchOfOneOutcome,
  launchOfOnePairs,
  lockRefusesOutcome,
  sharedFlaggedOutcome,
  type CliChildEnd,
  type SharingDeps,
} from '../../../electron/core/verify/sharing-checks';
import { syntheticResult } from '../../fixtures/synthetic-result';

const LAUNCHED = 'cluster launch, 1 block';
const IMPLICIT = 'no cluster launch (implicit cluster)';

/** Made-up cluster points (not measurements): per grid size x, the launched and the implicit series, ns. */
function clusterPoints(rows: [x: number, launchedNs: number, implicitNs: number][]): Point[] {
  const specs = rows.flatMap(([x, launched, implicit]) => [
    { series: LAUNCHED, x, perSyncNs: launched, noise: 0 },
    { series: IMPLICIT, x, perSyncNs: implicit, noise: 0 },
  ]);
  return syntheticResult({ mode: 'cluster', points: specs }).points.map((p) => ({
    ...p,
    launch: { ...p.launch, clusterSize: 1, clusterAttribute: p.series === LAUNCHED },
  }));
}

describe('cluster-launch-of-one', () => {
  it('pairs the two size-1 series by grid and passes when every grid is at least 4×', () => {
    const points = clusterPoints([
      [1, 190, 28],
      [128, 200, 30],
    ]);
    expect(launchOfOnePairs(points).map((p) => [p.x, p.ratio.toFixed(2)])).toEqual([
      [1, '6.79'],
      [128, '6.67'],
    ]);
    expect(launchOfOneOutcome(points).ok).toBe(true);
  });

  it('fails when one grid is below 4×, naming it', () => {
    const out = launchOfOneOutcome(
      clusterPoints([
        [1, 190, 28],
        [128, 100, 30],
      ]),
    );
    expect(out.ok).toBe(false);
    expect(out.detail).toContain('below at 128 cluster(s): 100.0 vs 30.0 ns (3.33×)');
  });

  it('fails without a grid both series measured, and never pairs a point launched with the attribute twice', () => {
    const points = clusterPoints([[1, 190, 28]]).map((p) => ({
      ...p,
      launch: { ...p.launch, clusterAttribute: true },
    }));
    expect(launchOfOnePairs(points)).toEqual([]);
    expect(launchOfOneOutcome(points)).toMatchObject({ ok: false });
  });
});

/** Fake host: the lock, the second CLI process's end and NVML's list, recording what happened. */
function fakeDeps(end: CliChildEnd, list: NativeGpuProcesses | null = null) {
  const events: string[] = [];
  const deps: SharingDeps = {
    pid: 4242,
    takeLock: async () => {
      events.push('lock');
      return { release: async () => void events.push('release') };
    },
    runCli: async (args) => {
      events.push(`cli ${args.join(' ')}`);
      return end;
    },
    gpuProcesses: async () => list,
  };
  return { deps, events };
}

const REFUSAL =
  'syncbench run: gpuAccess: another Sync Workbench process (pid 4242) is measuring on GPU 0000:19:00.0; waited 1 s\n';

describe('gpu-lock-refuses', () => {
  it('passes when the second process exits 2 naming this pid, holding the lock around it', async () => {
    const { deps, events } = fakeDeps({ code: 2, stderr: REFUSAL, result: null });
    expect(await lockRefusesOutcome(deps)).toMatchObject({ ok: true });
    expect(events).toEqual(['lock', 'cli --mode fadd_check -q --gpu-wait 1', 'release']);
  });

  it('fails when the second process measured, or refused without naming the holder', async () => {
    const measured = fakeDeps({ code: 0, stderr: '', result: syntheticResult() });
    expect(await lockRefusesOutcome(measured.deps)).toMatchObject({ ok: false });
    const unnamed = fakeDeps({ code: 2, stderr: REFUSAL.replace('4242', '?'), result: null });
    expect(await lockRefusesOutcome(unnamed.deps)).toMatchObject({ ok: false });
  });

  it('releases the lock when the second process cannot be started', async () => {
    const { deps, events } = fakeDeps({ code: 0, stderr: '', result: null });
    deps.runCli = async () => Promise.reject(new Error('spawn failed'));
    await expect(lockRefusesOutcome(deps)).rejects.toThrow('spawn failed');
    expect(events).toEqual(['lock', 'release']);
  });
});

const OURS: NativeGpuProcesses = {
  ownPid: 4242,
  ownPidSeen: true,
  processes: [{ pid: 4242, name: 'node', usedMemoryBytes: 500e6 }],
};
function sharedResult(flags: (boolean | null)[], pids: number[]): ResultFile {
  const r = syntheticResult({
    mode: 'fadd_check',
    points: flags.map((gpuShared) => ({ series: 'fadd', perSyncNs: 2, gpuShared })),
  });
  return {
    ...r,
    gpuSharing: {
      access: 'shared',
      known: true,
      unknownReason: null,
      processes: pids.map((pid) => ({ pid, name: 'node', usedMemoryBytes: null })),
      waitedMs: 0,
    },
  };
}

describe('gpu-shared-flagged', () => {
  it('passes when every point is flagged and this process is named', async () => {
    const { deps, events } = fakeDeps(
      { code: 0, stderr: '', result: sharedResult([true, true], [4242]) },
      OURS,
    );
    expect(await sharedFlaggedOutcome(deps)).toMatchObject({ ok: true, figures: { flagged: 2, points: 2 } });
    expect(events).toEqual(['cli --mode fadd_check -q --shared']);
  });

  it('fails when a point is not flagged or another process is named', async () => {
    const one = fakeDeps({ code: 0, stderr: '', result: sharedResult([true, false], [4242]) }, OURS);
    expect(await sharedFlaggedOutcome(one.deps)).toMatchObject({ ok: false });
    const other = fakeDeps({ code: 0, stderr: '', result: sharedResult([true], [99]) }, OURS);
    expect(await sharedFlaggedOutcome(other.deps)).toMatchObject({ ok: false });
  });

  it('is skipped, not passed, where NVML cannot see this process', async () => {
    const blind = fakeDeps({ code: 0, stderr: '', result: null }, null);
    expect(await sharedFlaggedOutcome(blind.deps)).toMatchObject({ ok: null });
    const noContext = fakeDeps(
      { code: 0, stderr: '', result: null },
      { ...OURS, ownPidSeen: false, processes: [] },
    );
    expect(await sharedFlaggedOutcome(noContext.deps)).toMatchObject({ ok: null });
    expect(noContext.events).toEqual([]);
  });
});
