/**
 * Host waits are priced at the scheduling flag the answers name (question host-schedule, default auto), from the
 * shipped H200 host_completion datasets (one per flag), with the other flags beside it.
 */
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { attachCosts } from '../../../electron/model/decide/costs';
import { advise } from '../../../electron/model/decide/engine';
import type { Answers } from '../../../electron/model/decide/types';
import type { ResultFile } from '../../../electron/model/results/schema';
import { askedSchedule, costRowsFromLibrary } from '../../../electron/core/service/advice-costs';
import { table } from '../decide/load';
import { MemoryLibrary, makePoint, makeResult } from './doubles';

const FLAGS = ['spin', 'yield', 'blocking-sync'] as const;

class Lib extends MemoryLibrary {
  references = new Set<string>();
  override summary(r: Parameters<MemoryLibrary['summary']>[0]) {
    return { ...super.summary(r), deviceName: 'NVIDIA H200', reference: this.references.has(r.id) };
  }
}

function shipped(flag: string): ResultFile {
  return JSON.parse(
    readFileSync(`resources/reference/h200-host_completion_${flag}.json`, 'utf8'),
  ) as ResultFile;
}

/** The shipped median of `workload` after a launch (param 0) measured with `flag`. */
function median(flag: string, workload: string): number {
  const point = shipped(flag).points.find((p) => p.workload === workload && p.param === 0);
  if (!point?.perSyncNs) throw new Error(`no ${workload} in the ${flag} dataset`);
  return point.perSyncNs.median;
}

function referenceLibrary(): Lib {
  const lib = new Lib();
  for (const flag of FLAGS) lib.references.add(lib.add(shipped(flag)).id);
  return lib;
}

const HOST_READ: Answers = {
  where: 'host',
  current: ['new-code'],
  storage: 'host-pinned',
  'host-action': 'read-result',
  'host-access': 'copy',
  'while-running': 'no',
  'queue-after': 'no',
};

describe('host waits priced by scheduling flag', () => {
  it.each([
    // [answer to host-schedule, the flag of the dataset that prices it, the flags shown beside it]
    [undefined, 'spin', ['yield', 'blocking-sync']],
    ['auto', 'spin', ['yield', 'blocking-sync']],
    ['spin', 'spin', ['yield', 'blocking-sync']],
    ['yield', 'yield', ['spin', 'blocking-sync']],
    ['blocking-sync', 'blocking-sync', ['spin', 'yield']],
  ] as const)('host-schedule %s is priced from the %s dataset', async (answer, measured, beside) => {
    const answers = answer === undefined ? HOST_READ : { ...HOST_READ, 'host-schedule': answer };
    const advice = advise(table, answers);
    expect(advice.recommendation).toBe('stream-sync');
    expect(askedSchedule(advice)).toBe(answer ?? 'auto');
    const { costs } = attachCosts(advice, await costRowsFromLibrary(advice, referenceLibrary()));
    const rec = costs.recommendation!;
    expect(rec.perSyncNs).toBe(median(measured, 'host_stream_sync'));
    expect(rec.schedule).toEqual({ asked: answer ?? 'auto', measured });
    expect(rec.otherSchedules.map((o) => [o.schedule, o.perSyncNs])).toEqual(
      beside.map((flag) => [flag, median(flag, 'host_stream_sync')]),
    );
    // The alternatives (event and device sync) are host waits too: the same flag prices them.
    for (const alt of costs.alternatives) {
      const workload = alt.measurement!.workload;
      expect([alt.id, alt.perSyncNs]).toEqual([alt.id, median(measured, workload)]);
      expect(alt.schedule?.measured).toBe(measured);
    }
  });

  it('prices auto from a result measured with auto on this machine before the spin dataset', async () => {
    const lib = referenceLibrary();
    const auto = makeResult([
      { ...makePoint(0), workload: 'host_stream_sync', param: 0, label: 'sync (auto)' },
    ]);
    lib.add({ ...auto, plan: { ...auto.plan, mode: 'host_completion', params: { schedule: 'auto' } } });
    const advice = advise(table, HOST_READ);
    const { costs } = attachCosts(advice, await costRowsFromLibrary(advice, lib));
    expect(costs.recommendation!.schedule).toEqual({ asked: 'auto', measured: 'auto' });
    expect(costs.recommendation!.source?.kind).toBe('measured');
    expect(costs.recommendation!.otherSchedules.map((o) => o.schedule)).toEqual(FLAGS);
  });

  it('says what to run when no result has the flag asked for, and invents nothing', async () => {
    const lib = new Lib();
    lib.references.add(lib.add(shipped('spin')).id);
    const advice = advise(table, { ...HOST_READ, 'host-schedule': 'blocking-sync' });
    const { costs } = attachCosts(advice, await costRowsFromLibrary(advice, lib));
    expect(costs.recommendation!.perSyncNs).toBeNull();
    expect(costs.recommendation!.missing).toMatch(/run mode host_completion/);
  });
});
