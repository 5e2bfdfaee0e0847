/**
 * The WebSocket frame of a run event. A run's last event carries the whole result file (every raw sample), which
 * can be megabytes of JSON: its points are serialized to UTF-8 in slices of SAMPLE_BUDGET raw samples, yielding to
 * the event loop between slices, and the bytes are joined once (no giant intermediate string), so the server never
 * stalls for long (issue 3 §5). The text is the same as JSON.stringify's.
 */
import { randomUUID } from 'node:crypto';

import type { RunEvent, WireEvent } from '../contract';
import { pointWeight, SAMPLE_BUDGET } from '../core/service/point-weight';
import type { ResultFile } from '../core/results/schema';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function carriedResult(event: RunEvent): { key: 'result' | 'partial'; result: ResultFile } | null {
  if ((event.type === 'finished' || event.type === 'cancelled') && event.result) {
    return { key: 'result', result: event.result };
  }
  if (event.type === 'failed' && event.partial) return { key: 'partial', result: event.partial };
  return null;
}

/**
 * `JSON.stringify({ kind: 'run-event', event })`: a string, or for a large result its UTF-8 bytes, built over
 * several turns of the event loop (send it as a text frame).
 */
export async function runEventFrame(event: RunEvent): Promise<string | Buffer> {
  const carried = carriedResult(event);
  const whole = (): string => JSON.stringify({ kind: 'run-event', event } satisfies WireEvent);
  if (!carried) return whole();
  const points = carried.result.points;
  let weight = 0;
  for (const p of points) weight += pointWeight(p);
  if (weight <= SAMPLE_BUDGET) return whole();

  const marker = JSON.stringify(`syncbench-points-${randomUUID()}`);
  const envelope = JSON.stringify({
    kind: 'run-event',
    event: { ...event, [carried.key]: { ...carried.result, points: JSON.parse(marker) as string } },
  });
  const at = envelope.indexOf(marker);
  const parts: Buffer[] = [Buffer.from(`${envelope.slice(0, at)}[`)];
  let start = 0;
  while (start < points.length) {
    let end = start;
    let samples = 0;
    while (end < points.length && (end === start || samples < SAMPLE_BUDGET)) {
      samples += pointWeight(points[end++]!);
    }
    const slice = JSON.stringify(points.slice(start, end)).slice(1, -1);
    parts.push(Buffer.from(start > 0 ? `,${slice}` : slice));
    start = end;
    await nextTurn();
  }
  parts.push(Buffer.from(`]${envelope.slice(at + marker.length)}`));
  return Buffer.concat(parts);
}
