import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { RunEvent } from '../../../electron/contract';
import { runEventFrame, type Frame } from '../../../electron/serve/event-frames';
import { FRAGMENT_BYTES, SocketSender } from '../../../electron/serve/socket-sender';
import { makePoint, makeResult } from '../service/doubles';

function heavyPoint(i: number) {
  const p = makePoint(i);
  const samples = Array.from({ length: 500 }, (_, k) => k / 7);
  return { ...p, raw: { ...p.raw, perSyncNs: samples, perSyncCycles: samples, clockMHz: samples } };
}

const text = (frame: Frame) => {
  if (typeof frame === 'string') return frame;
  if (!Array.isArray(frame)) throw new Error('a run event is never a streamed file');
  return Buffer.concat(frame).toString();
};

describe('run-event frames', () => {
  it('are JSON.stringify of the wire event, small or large', async () => {
    const small: RunEvent = { type: 'cancelled', runId: 'r', replay: false, result: null, savedId: null };
    expect(await runEventFrame(small)).toBe(JSON.stringify({ kind: 'run-event', event: small }));
    const result = makeResult(
      Array.from({ length: 300 }, (_, i) => heavyPoint(i)),
      { name: 'a "quoted" name with points-marker look-alike syncbench-points-x' },
    );
    const large: RunEvent = { type: 'finished', runId: 'r', replay: true, result, savedId: 'x' };
    const frame = await runEventFrame(large);
    // Pieces never joined on the server: one per slice of points, plus the envelope's two ends.
    expect(Array.isArray(frame) && frame.length).toBeGreaterThan(2);
    expect(text(frame)).toBe(JSON.stringify({ kind: 'run-event', event: large }));
    const failed: RunEvent = {
      type: 'failed',
      runId: 'r',
      replay: false,
      code: 'CUDA',
      message: 'x',
      workerRestarted: false,
      partial: result,
      savedId: null,
    };
    expect(text(await runEventFrame(failed))).toBe(JSON.stringify({ kind: 'run-event', event: failed }));
  });

  it('build a large frame over several turns of the event loop', async () => {
    const result = makeResult(Array.from({ length: 300 }, (_, i) => heavyPoint(i)));
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    await runEventFrame({ type: 'finished', runId: 'r', replay: true, result, savedId: null });
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(3);
  });
});

describe('socket sender', () => {
  it('delivers a large frame as one text message, in order with small ones', async () => {
    const app = Fastify();
    await app.register(fastifyWebsocket);
    const whole = Buffer.from(JSON.stringify({ kind: 'big', fill: 'x'.repeat(FRAGMENT_BYTES * 2.5) }));
    // Three pieces, the middle one larger than a fragment: one message all the same.
    const big = [
      whole.subarray(0, 100),
      whole.subarray(100, whole.length - 100),
      whole.subarray(whole.length - 100),
    ];
    app.get('/ws', { websocket: true }, (socket) => {
      const sender = new SocketSender(socket);
      sender.send('{"n":1}');
      sender.send(big);
      sender.send('{"n":2}');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const got: Array<{ binary: boolean; text: string }> = [];
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
      ws.on('message', (data, isBinary) => {
        got.push({ binary: isBinary, text: data.toString() });
        if (got.length === 3) {
          ws.close();
          resolve();
        }
      });
    });
    await app.close();
    expect(got.map((g) => g.binary)).toEqual([false, false, false]);
    expect(got[0]!.text).toBe('{"n":1}');
    expect(got[1]!.text).toBe(whole.toString());
    expect(got[2]!.text).toBe('{"n":2}');
  });
});
