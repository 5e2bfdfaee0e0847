/**
 * The decision engine for a consumer on another GPU: system scope through peer memory priced by the
 * multi_gpu round trip, an event dependency priced by the cross-GPU hop, NCCL named, and the volatile-flag hazard's
 * cross-GPU case; on one GPU nothing changes (the GPU–host round trip still prices system scope).
 */
import { describe, expect, it } from 'vitest';

import { advise } from '../../../electron/model/decide/engine';
import { table } from './load';

describe('producer and consumer on different GPUs', () => {
  it('while the kernel runs: release/acquire at system scope, priced by the peer round trip; NCCL named', () => {
    const a = advise(table, {
      where: 'other-device',
      current: ['new-code'],
      storage: 'peer',
      'while-running': 'yes',
    });
    expect(a.recommendation).toBe('release-acquire');
    expect(a.atomicScope).toBe('system');
    expect(a.measurement).toMatchObject({ mode: 'multi_gpu', workload: 'peer_handoff', param: 0 });
    expect(a.unmeasured).toBeNull();
    const event = a.alternatives.find((x) => x.id === 'stream-wait-event')!;
    expect(event.measurement).toMatchObject({ mode: 'multi_gpu', workload: 'peer_event_hop' });
    expect(a.rationale).toMatch(/st\.release\.sys/);
    expect(a.rationale).toMatch(/ncclAllReduce/);
  });

  it('after the kernel: an event dependency priced by the cross-GPU hop', () => {
    const a = advise(table, {
      where: 'other-device',
      current: ['new-code'],
      storage: 'peer',
      'while-running': 'no',
    });
    expect(a.recommendation).toBe('stream-wait-event');
    expect(a.measurement).toMatchObject({ workload: 'peer_event_hop' });
    expect(a.unmeasured).toBeNull();
  });

  it('a volatile flag between GPUs raises volatile-sync with the cross-GPU case', () => {
    const a = advise(table, {
      where: 'other-device',
      current: ['volatile-flag'],
      storage: 'peer',
      'while-running': 'yes',
    });
    expect(a.hazards.map((h) => h.id)).toContain('volatile-sync');
    expect(a.rationale).toMatch(/Across GPUs a volatile flag in peer memory/);
    expect(a.sources.map((s) => s.rule)).toContain('hz-volatile-peer');
  });

  it('one GPU is unchanged: the host keeps the GPU–host round trip, another stream stays unmeasured', () => {
    const host = advise(table, {
      where: 'host',
      current: ['new-code'],
      storage: 'host-pinned',
      'while-running': 'yes',
    });
    expect(host.measurement).toMatchObject({ workload: 'handoff_host' });
    expect(host.rationale).not.toMatch(/ncclAllReduce/);
    const stream = advise(table, { where: 'other-stream', current: ['new-code'], storage: 'global' });
    expect(stream.recommendation).toBe('stream-wait-event');
    expect(stream.measurement).toBeNull();
    expect(stream.unmeasured).toMatch(/between two streams of one GPU/);
  });
});
