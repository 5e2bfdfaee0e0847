/**
 * The WebSocket frames of a run event, and of a reply that carries a result file (getResult). A run's last event
 * and such a reply carry the whole result file (every raw sample), which can be megabytes of JSON: its points are
 * serialized to UTF-8 in slices of SAMPLE_BUDGET raw samples, yielding to the event loop between slices, and the
 * pieces are sent as the fragments of one message, never joined (no giant intermediate string or buffer), so the
 * server never stalls for long. The text, the pieces joined, is the same as JSON.stringify's.
 */
import { randomUUID } from 'node:crypto';

import type { RunEvent, WireEvent, WireReply } from '../contract';
import { pointWeight, SAMPLE_BUDGET } from '../core/results/point-weight';
import type { ResultFile } from '../model/results/schema';
import { EXPORT_BYTES, type DeliveredExport } from '../core/service/export';
import type { StreamedFrame } from './stored-frame';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One text message for a WebSocket: a string, or a large message's UTF-8 bytes in pieces, sent as the fragments of
 * one message (socket-sender.ts) so they are never joined into one buffer (a 46 MB copy in one task), or a stored
 * file's reply read from disk as it is sent (stored-frame.ts).
 */
export type Frame = string | Buffer[] | StreamedFrame;

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
export async function runEventFrame(event: RunEvent): Promise<Frame> {
  const carried = carriedResult(event);
  const message: WireEvent = { kind: 'run-event', event };
  if (!carried) return JSON.stringify(message);
  return slicedFrame(message, carried.result, (points) => ({
    kind: 'run-event',
    event: { ...event, [carried.key]: { ...carried.result, points } },
  }));
}

/**
 * `JSON.stringify(reply)`, built like runEventFrame when the reply carries a large result file (getResult), so
 * opening a 10,000-point result never stalls the server.
 */
export async function replyFrame(reply: WireReply): Promise<Frame> {
  const { result } = reply;
  if (result.ok && hasExportBytes(result.value)) return exportReply(reply.id, result.value);
  if (!result.ok || !isResultFile(result.value)) return JSON.stringify(reply);
  const file = result.value;
  return slicedFrame(reply, file, (points) => ({
    ...reply,
    result: { ok: true, value: { ...file, points } },
  }));
}

/** Size of the pieces exportReply cuts an export's bytes into (views, not copies). */
const EXPORT_PIECE_BYTES = 1024 * 1024;

function hasExportBytes(value: unknown): value is DeliveredExport {
  return typeof value === 'object' && value !== null && EXPORT_BYTES in value;
}

/**
 * The reply to exportResults call `id` whose content came as wire bytes (service.ts exportResultsWire: the content
 * as a JSON string, made off the event loop): the outcome's other fields, then those bytes as `content`, in pieces
 * that are views of them. The text is the WireReply JSON.stringify would make of the outcome with its content.
 */
function exportReply(id: number, outcome: DeliveredExport): Frame {
  // `content` last, so the envelope ends with it.
  const { [EXPORT_BYTES]: content, content: _text, ...fields } = outcome;
  const head = JSON.stringify({
    kind: 'reply',
    id,
    result: { ok: true, value: { ...fields, content: null } },
  });
  const marker = '"content":null}}}';
  const parts: Buffer[] = [Buffer.from(`${head.slice(0, head.length - marker.length)}"content":`)];
  for (let offset = 0; offset < content!.byteLength; offset += EXPORT_PIECE_BYTES) {
    const end = Math.min(content!.byteLength, offset + EXPORT_PIECE_BYTES);
    parts.push(Buffer.from(content!.buffer, content!.byteOffset + offset, end - offset));
  }
  parts.push(Buffer.from('}}}'));
  return parts;
}

function isResultFile(value: unknown): value is ResultFile {
  const v = value as Partial<ResultFile> | null;
  return typeof v === 'object' && v !== null && v.format === 'syncbench-result' && Array.isArray(v.points);
}

/**
 * `JSON.stringify(message)`, where `message` carries `result`: small results at once; a large one's points are
 * serialized in slices of SAMPLE_BUDGET raw samples, one per turn of the event loop, into the envelope that
 * `withPoints(marker)` builds.
 */
async function slicedFrame(
  message: object,
  result: ResultFile,
  withPoints: (points: unknown) => object,
): Promise<Frame> {
  const points = result.points;
  let weight = 0;
  for (const p of points) weight += pointWeight(p);
  if (weight <= SAMPLE_BUDGET) return JSON.stringify(message);

  const marker = JSON.stringify(`syncbench-points-${randomUUID()}`);
  const envelope = JSON.stringify(withPoints(JSON.parse(marker) as string));
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
  return parts;
}
