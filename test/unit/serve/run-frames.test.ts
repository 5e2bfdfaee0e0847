import { describe, expect, it } from 'vitest';

import type { RunEvent, WireEvent } from '../../../electron/contract';
import type { Frame } from '../../../electron/serve/event-frames';
import { RunFrames } from '../../../electron/serve/run-frames';
import { makePoint, makeResult } from '../service/doubles';

const plan = makeResult([]).plan;
const started: RunEvent = {
  type: 'started',
  runId: 'r',
  replay: true,
  plan,
  totalPoints: 3,
  sourceLabel: 'replay of x',
};
const batch = (points: Extract<RunEvent, { type: 'points' }>['points']) =>
  ({ type: 'points', runId: 'r', replay: true, points, done: points.length, total: 3, etaMs: 0 }) as RunEvent;

function parse(frame: Frame | undefined): WireEvent {
  if (frame !== undefined && typeof frame !== 'string' && !Array.isArray(frame))
    throw new Error('a run event is never a streamed file');
  return JSON.parse(
    typeof frame === 'string' || !frame ? String(frame) : Buffer.concat(frame).toString(),
  ) as WireEvent;
}

describe('run frames', () => {
  it('leave the streamed points out of the last event for clients that got every batch', async () => {
    const points = [makePoint(0), makePoint(1), makePoint(2)];
    const result = makeResult(points);
    const frames = new RunFrames<string>();
    await frames.framesFor(started, ['early']);
    await frames.framesFor(batch(points.slice(0, 2)), ['early', 'late']);
    await frames.framesFor(batch(points.slice(2)), ['early', 'late']);
    const last = await frames.framesFor(
      { type: 'finished', runId: 'r', replay: true, result, savedId: result.id },
      ['early', 'late'],
    );
    const lean = parse(last.get('early'));
    expect(lean.pointsStreamed).toBe(true);
    expect(lean.event.type === 'finished' && lean.event.result.points).toEqual([]);
    expect(lean.event.type === 'finished' && lean.event.result.id).toBe(result.id);
    // A client that connected after 'started' missed batches: it gets every point.
    const full = parse(last.get('late'));
    expect(full.pointsStreamed).toBeUndefined();
    expect(full.event.type === 'finished' && full.event.result.points).toHaveLength(3);
  });

  it('send the whole result when its points are not the very objects streamed', async () => {
    const points = [makePoint(0), makePoint(1)];
    const frames = new RunFrames<string>();
    await frames.framesFor({ ...started, totalPoints: 2 }, ['c']);
    await frames.framesFor(batch(points), ['c']);
    // A live run's result comes back from the measuring process: equal values, other objects.
    const copy = makeResult(points.map((p) => ({ ...p })));
    const last = await frames.framesFor(
      { type: 'cancelled', runId: 'r', replay: false, result: copy, savedId: null },
      ['c'],
    );
    const frame = parse(last.get('c'));
    expect(frame.pointsStreamed).toBeUndefined();
    expect(frame.event.type === 'cancelled' && frame.event.result?.points).toHaveLength(2);
  });
});
