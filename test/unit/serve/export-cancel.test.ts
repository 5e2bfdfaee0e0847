/**
 * Exports over the browser shell's WebSocket: their progress reaches the client as `export-progress` frames,
 * `cancelExport` stops one, and a client that goes away has its exports in flight cancelled
 * (docs/exports.md#exports-run-off-the-event-loop).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { ExportProgressEvent, ExportRequest, Result, WireMessage } from '../../../electron/contract';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import type { WorkbenchService } from '../../../electron/core/service/service';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';
import { FakeSupervisedBackend } from '../service/doubles';

/** The service, with every wire export's outcome kept (a client that went away never sees its reply). */
function watched(service: WorkbenchService) {
  const outcomes: Promise<Result<unknown>>[] = [];
  const wrapped = Object.assign(Object.create(service) as WorkbenchService, {
    exportResultsWire: (req: ExportRequest, delivery?: { signal?: AbortSignal }) => {
      const outcome = service.exportResultsWire(req, delivery);
      outcomes.push(outcome);
      return outcome;
    },
  });
  return { wrapped, outcomes };
}

/** A client that pairs replies and keeps export-progress frames; `onProgress` runs on each. */
class Client {
  progress: ExportProgressEvent[] = [];
  onProgress: (e: ExportProgressEvent) => void = () => undefined;
  private nextId = 1;
  private waiting = new Map<number, (r: Result<unknown>) => void>();
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as WireMessage;
      if (msg.kind === 'reply') this.waiting.get(msg.id)?.(msg.result);
      if (msg.kind === 'export-progress') {
        this.progress.push(msg.progress);
        this.onProgress(msg.progress);
      }
    });
  }
  call(method: string, ...args: unknown[]): Promise<Result<unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ kind: 'call', id, method, args }));
    });
  }
}

describe('exports over the WebSocket', () => {
  let root: string;
  let server: RunningServer;
  let resultId: string;
  let outcomes: Promise<Result<unknown>>[];

  const open = () =>
    new Promise<Client>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`);
      ws.on('open', () => resolve(new Client(ws)));
      ws.on('error', reject);
    });

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sb-ws-export-'));
    const service = createWorkbenchService({
      backend: new FakeSupervisedBackend(),
      resultsDir: path.join(root, 'results'),
      resourcesDir: 'resources',
    });
    const bytes = Buffer.from(JSON.stringify(syntheticSweep(20_000, 1)), 'utf8');
    const stored = await service.importResult({ fileName: 'sweep.json', bytes });
    if (!stored.ok) throw new Error(stored.message);
    resultId = stored.value.id;
    const w = watched(service);
    outcomes = w.outcomes;
    server = await startServer({ service: w.wrapped, rendererDir: root });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('sends the progress to the client, and cancelExport answers the export CANCELLED', async () => {
    const client = await open();
    client.onProgress = (e) => void client.call('cancelExport', e.exportId);
    const reply = await client.call('exportResults', { ids: [resultId], format: 'md', exportId: 'ws-1' });
    expect(reply).toMatchObject({ ok: false, code: 'CANCELLED' });
    expect(client.progress[0]).toEqual({ exportId: 'ws-1', phase: 'read', fraction: 0 });
    client.ws.close();
  }, 60_000);

  it('cancels the exports in flight of a client that disconnects', async () => {
    const client = await open();
    const before = outcomes.length;
    client.onProgress = () => client.ws.terminate();
    void client.call('exportResults', { ids: [resultId], format: 'md', exportId: 'ws-2' });
    await expect.poll(() => outcomes.length).toBe(before + 1);
    const started = Date.now();
    expect(await outcomes[before]).toMatchObject({ ok: false, code: 'CANCELLED' });
    // Cancelled at the disconnect, not finished first (a 20,000-point Markdown export takes seconds here).
    expect(Date.now() - started).toBeLessThan(2_000);
  }, 60_000);
});
