import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takePageToken, TOKEN_KEY } from '../../../../renderer/api/page-token';
import { createWsClient, wsUrlFromPage, type SocketLike } from '../../../../renderer/api/ws-client';
import type { RunEvent, WireCall } from '../../../../electron/contract';

/** A socket the test drives: it records frames and opens, answers or closes when told. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: WireCall[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data) as WireCall);
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  close(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
}

let sockets: FakeSocket[];
const connect = (url: string) => {
  const socket = new FakeSocket(url);
  sockets.push(socket);
  return socket;
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  sockets = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('wsUrlFromPage', () => {
  it('uses the page host, /api and the token; without one, no token in the address (the cookie lets it in)', () => {
    expect(wsUrlFromPage({ protocol: 'http:', host: '127.0.0.1:4173' }, 'a b/c')).toBe(
      'ws://127.0.0.1:4173/api?token=a%20b%2Fc',
    );
    expect(wsUrlFromPage({ protocol: 'https:', host: 'gpu.example:443' }, '')).toBe(
      'wss://gpu.example:443/api',
    );
  });
});

describe('takePageToken', () => {
  function page(href: string, stored: string | null = null) {
    const storage = new Map<string, string>(stored === null ? [] : [[TOKEN_KEY, stored]]);
    const replaced: string[] = [];
    return {
      replaced,
      storage,
      win: {
        location: { href },
        history: {
          state: { back: null },
          replaceState: (_s: unknown, _t: string, url?: string | URL | null) =>
            void replaced.push(String(url)),
        },
        localStorage: {
          getItem: (k: string) => storage.get(k) ?? null,
          setItem: (k: string, v: string) => void storage.set(k, v),
        },
      },
    };
  }

  it('takes the token out of the address, keeps the view, and keeps the token for this tab', () => {
    const p = page('http://127.0.0.1:8420/?token=abc_DEF-1#/wizard?where=host&at=current');
    expect(takePageToken(p.win)).toBe('abc_DEF-1');
    expect(p.replaced).toEqual(['/#/wizard?where=host&at=current']);
    expect(p.storage.get(TOKEN_KEY)).toBe('abc_DEF-1');
  });

  it('after a reload, reads the kept token and leaves the address alone', () => {
    const p = page('http://127.0.0.1:8420/#/results', 'abc');
    expect(takePageToken(p.win)).toBe('abc');
    expect(p.replaced).toEqual([]);
    expect(takePageToken(page('http://127.0.0.1:8420/#/results').win)).toBe('');
  });
});

describe('createWsClient', () => {
  it('sends a call frame with the method and its arguments in order, and resolves with the reply', async () => {
    const api = createWsClient({ url: 'ws://h/api?token=t', connect });
    const socket = sockets[0]!;
    expect(socket.url).toBe('ws://h/api?token=t');
    const renamed = api.renameResult('id-1', 'new name');
    const device = api.device();
    socket.open();
    await tick();
    expect(socket.sent).toEqual([
      { kind: 'call', id: 1, method: 'renameResult', args: ['id-1', 'new name'] },
      { kind: 'call', id: 2, method: 'device', args: [] },
    ]);
    socket.receive({ kind: 'reply', id: 2, result: { ok: false, code: 'NO_GPU', message: 'no driver' } });
    socket.receive({ kind: 'reply', id: 1, result: { ok: true, value: { id: 'id-1', name: 'new name' } } });
    expect(await device).toEqual({ ok: false, code: 'NO_GPU', message: 'no driver' });
    expect(await renamed).toEqual({ ok: true, value: { id: 'id-1', name: 'new name' } });
  });

  it('hands export-progress frames to their listeners, and sends cancelExport as a call', async () => {
    const api = createWsClient({ url: 'ws://h/api', connect });
    const socket = sockets[0]!;
    socket.open();
    const seen: unknown[] = [];
    const off = api.onExportProgress((e) => seen.push(e));
    const progress = { exportId: 'export-1', phase: 'read', fraction: 0.25 };
    socket.receive({ kind: 'export-progress', progress });
    off();
    socket.receive({ kind: 'export-progress', progress: { ...progress, phase: 'build', fraction: null } });
    expect(seen).toEqual([progress]);
    void api.cancelExport('export-1');
    await tick();
    expect(socket.sent).toEqual([{ kind: 'call', id: 1, method: 'cancelExport', args: ['export-1'] }]);
  });

  it('leaves out an absent optional argument (listResults without a query)', async () => {
    const api = createWsClient({ url: 'ws://h/api', connect });
    sockets[0]!.open();
    void api.listResults();
    void api.listResults({ text: 'h200' });
    await tick();
    expect(sockets[0]!.sent.map((frame) => frame.args)).toEqual([[], [{ text: 'h200' }]]);
  });

  it('delivers run events to every listener until it unsubscribes', () => {
    const api = createWsClient({ url: 'ws://h/api', connect });
    const first: RunEvent[] = [];
    const second: RunEvent[] = [];
    const stop = api.onRunEvent((event) => first.push(event));
    api.onRunEvent((event) => second.push(event));
    const event: RunEvent = { type: 'cancelled', runId: 'r', replay: true, result: null, savedId: null };
    sockets[0]!.receive({ kind: 'run-event', event });
    stop();
    sockets[0]!.receive({ kind: 'run-event', event });
    expect(first).toEqual([event]);
    expect(second).toEqual([event, event]);
  });

  it('resolves pending calls with INTERNAL when the socket closes, then reconnects', async () => {
    vi.useFakeTimers();
    const api = createWsClient({ url: 'ws://h/api', connect, reconnectDelaysMs: [100, 1000] });
    sockets[0]!.open();
    const pending = api.modes();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.close();
    const reply = await pending;
    expect(reply.ok).toBe(false);
    expect(reply.ok === false && reply.code).toBe('INTERNAL');

    const whileClosed = await api.modes();
    expect(whileClosed).toMatchObject({ ok: false, code: 'INTERNAL' });
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    const after = api.modes();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets[1]!.sent).toEqual([{ kind: 'call', id: 2, method: 'modes', args: [] }]);
    sockets[1]!.receive({ kind: 'reply', id: 2, result: { ok: true, value: [] } });
    expect(await after).toEqual({ ok: true, value: [] });
  });

  it('backs off between failed reconnects', async () => {
    vi.useFakeTimers();
    createWsClient({ url: 'ws://h/api', connect, reconnectDelaysMs: [100, 1000] });
    sockets[0]!.close();
    await vi.advanceTimersByTimeAsync(100);
    sockets[1]!.close();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
  });

  it('turns a malformed reply into INTERNAL and ignores frames that are not JSON', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = createWsClient({ url: 'ws://h/api', connect });
    sockets[0]!.open();
    const call = api.shell();
    await tick();
    sockets[0]!.receive('not json');
    sockets[0]!.receive({ kind: 'reply', id: 1, result: { value: 1 } });
    expect(await call).toMatchObject({ ok: false, code: 'INTERNAL' });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('streamed points', () => {
  it('puts the streamed points back into a last event that left them out', async () => {
    const api = createWsClient({ url: 'ws://h/api', connect });
    const socket = sockets[0]!;
    socket.open();
    const events: RunEvent[] = [];
    api.onRunEvent((event) => events.push(event));
    const p = (index: number) => ({ index, series: 's' });
    socket.receive({ kind: 'run-event', event: { type: 'started', runId: 'r' } });
    socket.receive({ kind: 'run-event', event: { type: 'points', runId: 'r', points: [p(0), p(1)] } });
    socket.receive({ kind: 'run-event', event: { type: 'points', runId: 'r', points: [p(2)] } });
    socket.receive({
      kind: 'run-event',
      pointsStreamed: true,
      event: { type: 'finished', runId: 'r', result: { id: 'x', points: [] }, savedId: 'x' },
    });
    const last = events.at(-1) as RunEvent & { type: 'finished' };
    expect(last.result.id).toBe('x');
    expect(last.result.points.map((q) => q.index)).toEqual([0, 1, 2]);
    // A frame without the flag keeps its own points.
    socket.receive({ kind: 'run-event', event: { type: 'started', runId: 'q' } });
    socket.receive({
      kind: 'run-event',
      event: { type: 'failed', runId: 'q', partial: { id: 'y', points: [p(7)] }, savedId: null },
    });
    const failed = events.at(-1) as RunEvent & { type: 'failed' };
    expect(failed.partial?.points.map((q) => q.index)).toEqual([7]);
  });
});
