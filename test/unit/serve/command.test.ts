import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { WireMessage } from '../../../electron/contract';
import { serveCommand } from '../../../electron/serve/command';
import { nodeForkWorker } from '../../../electron/worker/worker-process';
import { makePoint, makeResult } from '../service/doubles';

const FAKE_HOST = fileURLToPath(new URL('../worker/fixtures/fake-host.ts', import.meta.url));

function call(url: string, method: string, args: unknown[] = []) {
  return new Promise<unknown>((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => ws.send(JSON.stringify({ kind: 'call', id: 1, method, args })));
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as WireMessage;
      if (msg.kind === 'reply') {
        ws.close();
        resolve(msg.result);
      }
    });
    ws.on('error', reject);
  });
}

describe('serveCommand (syncbench serve)', () => {
  it('starts the measuring process, the real core and the server, and prints the URL and the GPU state', async () => {
    const results = mkdtempSync(path.join(os.tmpdir(), 'sb-results-'));
    const lines: string[] = [];
    const running = await serveCommand({
      port: 0,
      results,
      forkWorker: nodeForkWorker(FAKE_HOST, { execArgv: ['--import', 'tsx'] }),
      print: (l) => lines.push(l),
      handleSignals: false,
    });
    try {
      expect(lines[0]).toBe(`Sync Workbench is serving at ${running.url}`);
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      expect(lines).toContain(`Results folder: ${results}`);
      expect(lines.join('\n')).toContain('No GPU can be used: fake');
      const api = `ws://127.0.0.1:${running.port}/api?token=${running.token}`;
      expect(await call(api, 'device')).toMatchObject({
        ok: true,
        value: { available: false, reason: 'fake' },
      });
      expect(await call(api, 'modes')).toMatchObject({
        ok: true,
        value: expect.arrayContaining([expect.objectContaining({ id: 'sweep' })]),
      });
      expect(await call(api, 'startRun', [{ mode: 'sweep', params: {} }])).toMatchObject({
        ok: false,
        code: 'NO_GPU',
      });
      expect(await call(api, 'listResults')).toMatchObject({ ok: true });
      expect(await call(api, 'decisionTable')).toMatchObject({
        ok: true,
        value: { questions: expect.any(Array) },
      });
      expect(readdirSync(results)).toEqual([]);
      for (const id of ['result-cmp-a', 'result-cmp-b']) {
        const file = JSON.stringify(makeResult([makePoint(0), makePoint(1)], { id }));
        const imported = await call(api, 'importResult', [
          { fileName: `${id}.json`, content: file, base64: false },
        ]);
        expect(imported).toMatchObject({ ok: true, value: { id } });
      }
      const cmp = (await call(api, 'exportResults', [
        { ids: ['result-cmp-a', 'result-cmp-b'], format: 'csv' },
      ])) as {
        ok: boolean;
        value: { fileName: string; content: string };
      };
      expect(cmp.ok).toBe(true);
      expect(cmp.value.fileName).toBe('comparison-of-2-runs.csv');
      expect(cmp.value.content.split('\n').length).toBeGreaterThan(2);
    } finally {
      await running.close();
    }
  });

  it('names the port when it cannot be bound', async () => {
    const first = await serveCommand({
      port: 0,
      forkWorker: nodeForkWorker(FAKE_HOST, { execArgv: ['--import', 'tsx'] }),
      print: () => undefined,
      handleSignals: false,
      results: mkdtempSync(path.join(os.tmpdir(), 'sb-results-')),
    });
    try {
      await expect(
        serveCommand({
          port: first.port,
          forkWorker: nodeForkWorker(FAKE_HOST, { execArgv: ['--import', 'tsx'] }),
          print: () => undefined,
          handleSignals: false,
        }),
      ).rejects.toThrow(`cannot serve on 127.0.0.1:${first.port}`);
    } finally {
      await first.close();
    }
  });
});
