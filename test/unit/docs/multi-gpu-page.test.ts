/**
 * The multi-GPU results page generator (scripts/multi-gpu-page.ts) on a result assembled by the real core from a
 * fake two-GPU backend with synthetic samples (test-only numbers; nothing here is committed as a result): the tables
 * per pair, the comparison with the committed single-GPU hand-off, and the refusals.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { startMeasuredRun } from '../../../electron/core/measure/run';
import type { ResultFile } from '../../../electron/model/results/schema';
import { multiGpuPage, refusal } from '../../../scripts/multi-gpu-page';
import { fakeBackend, fakePair, h200At, syntheticPointResult } from '../helpers/fake-backend';

const handoff = JSON.parse(readFileSync('resources/reference/h200-handoff.json', 'utf8')) as ResultFile;
const deviceScope = handoff.points.find((p) => p.series === 'two blocks: device')!.perSyncNs!.median;

const PER_UNIT: Record<string, number> = {
  peer_handoff: 3000,
  peer_handoff_volatile: 1500,
  peer_event_hop: 9000,
  host_barrier_gpus: 30000,
  peer_copy_hop: 12000,
};

async function measured(): Promise<ResultFile> {
  const backend = fakeBackend({
    devices: [h200At(0), h200At(1)],
    pairs: [fakePair(0, 1)],
    result: (spec) => syntheticPointResult(PER_UNIT[spec.workload]!, 12, { verified: 10, mismatches: 0 }),
  });
  const run = await startMeasuredRun({ mode: 'multi_gpu', params: {} }, backend);
  return (await run.done).result;
}

describe('scripts/multi-gpu-page.ts', () => {
  it('tables every path of every pair and sets each correct path against the single-GPU round trips', async () => {
    const r = await measured();
    const median = (workload: string) => r.points.find((p) => p.workload === workload)!.perSyncNs!.median;
    const esc = (x: string) => x.replace('.', '\\.');
    const page = multiGpuPage(r, handoff);
    expect(page).toMatch(/^# Synchronization between GPUs, measured by Sync Workbench/);
    expect(page).toContain('## GPU 0–1');
    const flag = median('peer_handoff');
    expect(page).toMatch(new RegExp(`\\| system-scope flag +\\| ${esc(flag.toFixed(1))} +\\|`));
    expect(page).toMatch(
      new RegExp(`\\| volatile flag +\\| ${esc(median('peer_handoff_volatile').toFixed(1))} .*INCORRECT`),
    );
    // NCCL was missing in this fake: the page says so through the result's notes, and has no NCCL row
    expect(page).toMatch(/- not measured: GPU 0–1: the NCCL all-reduce needs NCCL: NCCL is not installed/);
    expect(page).not.toMatch(/\| NCCL all-reduce/);
    const ratio = (flag / deviceScope).toFixed(2);
    expect(page).toContain(`× two blocks of one GPU, device scope (${deviceScope.toFixed(1)} ns)`);
    expect(page).toMatch(new RegExp(`\\| system-scope flag +\\| ${esc(ratio)}×`));
    // the volatile flag is never compared
    const comparison = page.slice(page.indexOf('Against one GPU'));
    expect(comparison).not.toMatch(/volatile/);
    expect(page).toMatch(/- GPU 0–1: event hop \/ flag round trip = 3\.00×/);
  });

  it('refuses what is not a measured, complete multi_gpu result', async () => {
    const r = await measured();
    expect(refusal(r)).toBeNull();
    expect(refusal(handoff)).toBe("it is a 'handoff' result, not multi_gpu");
    expect(refusal({ ...r, status: 'failed' })).toBe('the run did not complete (status failed)');
    expect(refusal({ ...r, source: { kind: 'published', citation: 'x', note: null } })).toBe(
      'it is published data, not a measurement',
    );
    expect(() => multiGpuPage({ ...r, points: [] }, handoff)).toThrow(
      'cannot make the multi-GPU page from this result: it has no points',
    );
  });
});
