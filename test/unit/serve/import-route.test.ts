import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  IMPORT_CONTENT_TYPE,
  IMPORT_FILE_NAME_HEADER,
  IMPORT_PATH,
  MAX_RESULT_FILE_BYTES,
} from '../../../electron/contract';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { importUrlFor, uploadImport } from '../../../renderer/api/import-upload';
import { makeResult } from '../service/doubles';
import { setup } from '../service/setup';

const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-renderer-'));
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Sync Workbench</title>');

describe('POST /api/import (the page sends a result file as its bytes)', () => {
  const t = setup();
  let server: RunningServer;
  let url: string;

  beforeAll(async () => {
    server = await startServer({ service: t.service, rendererDir, version: '9.9.9' });
    url = importUrlFor(`ws://127.0.0.1:${server.port}/api?token=${server.token}`);
  });
  afterAll(() => server.close());

  const post = (body: BodyInit, headers: Record<string, string>, at = url) =>
    fetch(at, { method: 'POST', body, headers });

  it('imports the bytes as they are, through the same service call as the WebSocket', async () => {
    const file = JSON.stringify(makeResult([], { id: 'uploaded-0001', name: 'uploaded run' }));
    expect(url).toBe(`http://127.0.0.1:${server.port}${IMPORT_PATH}?token=${server.token}`);
    const reply = await uploadImport(url, 'sweep (1).json', new TextEncoder().encode(file));
    expect(reply).toMatchObject({ ok: true, value: { id: 'uploaded-0001', name: 'uploaded run' } });
    expect(t.library.imported.at(-1)).toEqual({ content: file, fileName: 'sweep (1).json' });
  });

  it('takes a chunked upload (no Content-Length) and a body that ends early is refused', async () => {
    const file = JSON.stringify(makeResult([], { id: 'chunked-0001', name: 'chunked run' }));
    const send = (parts: string[], length?: number) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(url, {
          method: 'POST',
          headers: {
            'content-type': IMPORT_CONTENT_TYPE,
            [IMPORT_FILE_NAME_HEADER]: 'chunked.json',
            ...(length !== undefined ? { 'content-length': String(length) } : {}),
          },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        for (const part of parts) req.write(part);
        if (length === undefined) req.end();
        else req.destroy(); // the client stops before sending what it declared
      });
    const whole = await send([file.slice(0, 100), file.slice(100)]);
    expect(JSON.parse(whole.body)).toMatchObject({ ok: true, value: { id: 'chunked-0001' } });
    await expect(send([file.slice(0, 100)], file.length)).rejects.toThrow();
    expect(t.library.imported.at(-1)?.fileName).toBe('chunked.json'); // nothing imported from the cut upload
    expect(t.library.imported.filter((i) => i.fileName === 'chunked.json')).toHaveLength(1);
  });

  it('says when the bytes are not UTF-8, with the service message', async () => {
    const reply = await uploadImport(url, 'latin1.json', new Uint8Array([0x7b, 0xe9, 0x7d]));
    expect(reply).toMatchObject({
      ok: false,
      code: 'INVALID',
      message: expect.stringContaining('not UTF-8'),
    });
  });

  it('needs the token and this origin, like every other route', async () => {
    const headers = { 'content-type': IMPORT_CONTENT_TYPE, [IMPORT_FILE_NAME_HEADER]: 'a.json' };
    const base = `http://127.0.0.1:${server.port}${IMPORT_PATH}`;
    expect((await post('{}', headers, base)).status).toBe(401);
    const wrong = await post('{}', headers, `${base}?token=wrong`);
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toMatch(/needs the \?token= of the address `syncbench serve` printed/);
    const foreign = await post('{}', { ...headers, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain(`pages it served itself (http://127.0.0.1:${server.port})`);
    // A wrong path with the right token: the 404 names the path, never the token.
    const lost = await fetch(`http://127.0.0.1:${server.port}/api/nowhere?token=${server.token}`);
    expect(lost.status).toBe(404);
    const said = await lost.text();
    expect(said).toBe('Not found: /api/nowhere');
    expect(said).not.toContain(server.token);
  });

  it('refuses a missing or malformed file name, another content type and a file over the limit', async () => {
    const missing = await post('{}', { 'content-type': IMPORT_CONTENT_TYPE });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      ok: false,
      code: 'INVALID',
      message: `Name the file in the ${IMPORT_FILE_NAME_HEADER} header (URI-encoded), e.g. "sweep.json".`,
      text: { code: 'serve.noFileName', params: { header: IMPORT_FILE_NAME_HEADER } },
    });
    const malformed = await post('{}', {
      'content-type': IMPORT_CONTENT_TYPE,
      [IMPORT_FILE_NAME_HEADER]: '%E0%A4%A',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      code: 'INVALID',
      message: `The ${IMPORT_FILE_NAME_HEADER} header is not URI-encoded text: encode the name with encodeURIComponent.`,
      text: { code: 'serve.fileNameNotEncoded' },
    });
    const text = await post('{}', { 'content-type': 'text/plain', [IMPORT_FILE_NAME_HEADER]: 'a.json' });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({
      code: 'INVALID',
      message: `Send the file's bytes as ${IMPORT_CONTENT_TYPE}.`,
      text: { code: 'serve.wrongType', params: { type: IMPORT_CONTENT_TYPE } },
    });
    const big = await post(new Uint8Array(MAX_RESULT_FILE_BYTES + 1), {
      'content-type': IMPORT_CONTENT_TYPE,
      [IMPORT_FILE_NAME_HEADER]: 'big.json',
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({
      code: 'INVALID',
      message: `big.json: the file is 64.0 MiB (${MAX_RESULT_FILE_BYTES + 1} bytes); result files are limited to 64.0 MiB (${MAX_RESULT_FILE_BYTES} bytes).`,
    });
  });

  it('gives the page a failure that says what came back when the reply is not a Result', async () => {
    const fake = (async () => new Response('<html>proxy error</html>', { status: 502 })) as typeof fetch;
    expect(await uploadImport(url, 'a.json', new Uint8Array(2), fake)).toMatchObject({
      ok: false,
      code: 'INTERNAL',
      message: expect.stringContaining('HTTP 502: <html>proxy error</html>'),
    });
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    expect(await uploadImport(url, 'a.json', new Uint8Array(2), down)).toMatchObject({
      code: 'INTERNAL',
      message: expect.stringContaining('fetch failed'),
    });
  });
});

// docs/architecture.md#browser-shell-bounds: an upload reserves its declared length in the memory budget before
// its buffer is made; one that does not fit now is 503 BUSY at once, with Retry-After, its body never read.
describe('POST /api/import holds at most the memory budget in bodies', () => {
  const t = setup();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ service: t.service, rendererDir, version: '9.9.9' });
  });
  afterAll(() => server.close());

  const declaredMiB = 60;
  /** A socket that sends the headers of a 60 MiB upload and 1 MiB of it, never the rest; resolves its first reply line. */
  const holdUpload = (sockets: net.Socket[]) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write(
          `POST ${IMPORT_PATH}?token=${server.token} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
            `Content-Type: ${IMPORT_CONTENT_TYPE}\r\n${IMPORT_FILE_NAME_HEADER}: a.json\r\n` +
            `Content-Length: ${declaredMiB * 1024 * 1024}\r\n\r\n`,
        );
        socket.write(Buffer.alloc(1024 * 1024, 0x20));
      });
      let head = '';
      socket.on('data', (d) => {
        head += d.toString('latin1');
        if (head.includes('\r\n\r\n')) resolve(head);
      });
      socket.on('error', () => undefined);
      sockets.push(socket);
    });

  it('takes four 60 MiB bodies at once, answers the fifth 503 with Retry-After, and takes more once they end', async () => {
    const sockets: net.Socket[] = [];
    const replies: Array<string | null> = [null, null, null, null];
    for (let i = 0; i < 4; i++) void holdUpload(sockets).then((head) => (replies[i] = head));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const fifth = await holdUpload(sockets);
    expect(fifth).toMatch(/^HTTP\/1.1 503/);
    expect(fifth).toMatch(/retry-after: 2/i);
    expect(replies).toEqual([null, null, null, null]); // the four are still being received
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const file = JSON.stringify(makeResult([], { id: 'after-0001', name: 'after' }));
    const reply = await uploadImport(
      importUrlFor(`ws://127.0.0.1:${server.port}/api?token=${server.token}`),
      'after.json',
      new TextEncoder().encode(file),
    );
    expect(reply).toMatchObject({ ok: true, value: { id: 'after-0001' } });
    const again: net.Socket[] = [];
    let answered = false;
    void holdUpload(again).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false); // room again: it is being received, not refused
    for (const s of again) s.destroy();
  });
});
