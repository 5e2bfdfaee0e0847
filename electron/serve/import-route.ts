/**
 * `POST /api/import`: the page imports a result file by sending its bytes as they are (the request body, at most
 * MAX_RESULT_FILE_BYTES), with the file's name URI-encoded in the `X-File-Name` header. The reply is the contract's
 * `Result<ResultSummary>` as JSON, what the WebSocket's `importResult` call replies.
 *
 * Why not a WebSocket frame: a 10,000-point result is a 46 MB file, 61 MB as base64 in a JSON frame. Receiving such
 * a frame is one task on the host's event loop (the frame is copied, unmasked and checked for UTF-8 in one go:
 * 180 ms in bench/event-loop.ts on a 2-core machine), and its string travels to the parse thread and back. An HTTP
 * body arrives in socket-sized chunks, is never base64, and its bytes are handed to the parse thread (parse-pool.ts)
 * without a copy. The same token, Host and Origin rules hold as for every route (server.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import {
  IMPORT_CONTENT_TYPE,
  IMPORT_FILE_NAME_HEADER,
  IMPORT_PATH,
  MAX_RESULT_FILE_BYTES,
  type Failure,
  type Result,
} from '../contract';
import type { Dispatch } from '../core/service/dispatch';
import { shownName } from '../contract/names';
import { fileSizeWord, tooLargeCoded } from '../model/results/size-text';
import { fail, failText } from '../core/service/failure';
import { word } from '../model/words/host-text';
import { BUSY_RETRY_AFTER_S, type InFlight } from './budget';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function refuse(reply: FastifyReply, status: number, failure: Failure): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').type('application/json').send(failure);
}

/** The file name of the request: its header decoded, or a refusal that says what is wrong and what is allowed. */
function fileNameOf(request: FastifyRequest): string | Failure {
  const raw = request.headers[IMPORT_FILE_NAME_HEADER];
  if (typeof raw !== 'string' || raw === '') {
    return failText('INVALID', 'serve.noFileName', { header: IMPORT_FILE_NAME_HEADER });
  }
  try {
    return decodeURIComponent(raw);
  } catch {
    return failText('INVALID', 'serve.fileNameNotEncoded', { header: IMPORT_FILE_NAME_HEADER });
  }
}

/**
 * The 413's message: the host's words for a file over the limit (tooLargeCoded) when the request named the file
 * and declared its length; otherwise the limit alone (a chunked upload is cut at the limit, its size is not known).
 */
function tooLargeFailure(request: FastifyRequest): Failure {
  const declared = Number(request.headers['content-length']);
  const name = fileNameOf(request);
  if (Number.isSafeInteger(declared) && declared > MAX_RESULT_FILE_BYTES) {
    // With its code, so the page words it in its language like the host's own refusal.
    const { message, text } = tooLargeCoded(
      typeof name === 'string' ? shownName(name) : word('serve.upload'),
      declared,
      MAX_RESULT_FILE_BYTES,
    );
    return { ok: false, code: 'INVALID', message, text };
  }
  return failText('INVALID', 'serve.overLimit', { limit: fileSizeWord(MAX_RESULT_FILE_BYTES) });
}

/** The 415's refusal: the body is not sent as IMPORT_CONTENT_TYPE. */
function wrongType(): Failure {
  return failText('INVALID', 'serve.wrongType', { type: IMPORT_CONTENT_TYPE });
}

/** A body over the limit, as fastify's own parsers report it (answered 413 below). */
function bodyTooLarge(): Error {
  return Object.assign(new Error('body too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
}

/**
 * The request body as one buffer of its own (so it can be handed to the parse thread without a copy). With a
 * Content-Length, the buffer is made once and each chunk is copied in as it arrives: no 46 MB copy in one task,
 * which fastify's `parseAs: 'buffer'` (one Buffer.concat at the end) costs the event loop 85 ms on a 2-core
 * machine. Without one (chunked upload), the chunks are joined at the end. @throws FST_ERR_CTP_BODY_TOO_LARGE
 * (status 413) over `limit` bytes, before anything past the limit is kept.
 */
function readBody(payload: NodeJS.ReadableStream, contentLength: unknown, limit: number): Promise<Buffer> {
  const declared =
    typeof contentLength === 'string' && /^\d+$/.test(contentLength) ? Number(contentLength) : null;
  if (declared !== null && declared > limit) return Promise.reject(bodyTooLarge());
  return new Promise((resolve, reject) => {
    const whole = declared !== null ? Buffer.allocUnsafeSlow(declared) : null;
    const chunks: Buffer[] = [];
    let received = 0;
    payload.on('data', (chunk: Buffer) => {
      if (received + chunk.length > (declared ?? limit)) {
        payload.removeAllListeners('data');
        reject(
          declared !== null && declared <= limit && received + chunk.length <= limit
            ? new Error(`the body is longer than its Content-Length (${declared} bytes)`)
            : bodyTooLarge(),
        );
        return;
      }
      if (whole) chunk.copy(whole, received);
      else chunks.push(chunk);
      received += chunk.length;
    });
    payload.on('error', reject);
    payload.on('end', () => {
      if (whole && received !== declared) {
        reject(new Error(`the body ended after ${received} of its ${declared} bytes`));
      } else resolve(whole ?? Buffer.concat(chunks, received));
    });
  });
}

/**
 * The bytes an upload reserves before its body is read: its Content-Length, or the file limit for a chunked one
 * (it is cut there). Null for a Content-Length over the limit (answered 413 without reading the body).
 */
export function uploadReserveBytes(contentLength: unknown): number | null {
  if (typeof contentLength !== 'string' || !/^\d+$/.test(contentLength)) return MAX_RESULT_FILE_BYTES;
  const declared = Number(contentLength);
  return declared > MAX_RESULT_FILE_BYTES ? null : declared;
}

/**
 * Reserves the body's bytes in the server's memory budget (budget.ts InFlight.building, shared with the replies
 * being built and the export threads) until the response is done or the connection closes; false, reserving
 * nothing, when they do not fit beside what is held (the caller answers 503 at once: an upload waiting for room
 * would hold its socket and the client's bytes).
 */
function reserveBody(request: FastifyRequest, reply: FastifyReply, inFlight: InFlight): boolean {
  const bytes = uploadReserveBytes(request.headers['content-length']);
  if (bytes === null || bytes === 0) return true;
  if (!inFlight.building.fits(bytes)) return false;
  inFlight.building.take(bytes);
  let given = false;
  const give = () => {
    if (given) return;
    given = true;
    inFlight.building.give(bytes);
  };
  reply.raw.once('close', give);
  request.raw.once('close', () => {
    // The client went away mid-body: nothing more will arrive for this request.
    if (!request.raw.complete) give();
  });
  return true;
}

/** The 503 for an upload that does not fit in the memory budget now (Retry-After says when to try again). */
function bodyBusy(inFlight: InFlight): Failure {
  const mib = (bytes: number) => Math.round(bytes / (1024 * 1024));
  return fail(
    'BUSY',
    `The server is holding ${mib(inFlight.buildingBytes)} of its ${mib(inFlight.maxBuildingBytes)} MiB for ` +
      `uploads, exports and replies being built: try again in ${BUSY_RETRY_AFTER_S} s.`,
  );
}

/**
 * Registers `POST /api/import` on `app`. `guard` (the Origin check) runs before the body is read. Imports in flight
 * count against `inFlight`, like the WebSocket's calls: at its bound an import is answered BUSY (503) before its
 * body is read; so is one whose declared length does not fit in the memory budget now (with Retry-After), the
 * body's bytes being reserved there from before the buffer is made until the response is done.
 */
export function registerImportRoute(
  app: FastifyInstance,
  dispatch: Dispatch,
  inFlight: InFlight,
  guard: Guard,
): void {
  app.addContentTypeParser(IMPORT_CONTENT_TYPE, (request, payload, done) => {
    readBody(payload, request.headers['content-length'], MAX_RESULT_FILE_BYTES).then(
      (body) => done(null, body),
      (error: Error) => done(error, undefined),
    );
  });
  app.post(
    IMPORT_PATH,
    {
      // Before the body is read: a foreign origin, or a server at its bound, never costs an upload.
      onRequest: async (request, reply) => {
        await guard(request, reply);
        if (reply.sent) return;
        if (inFlight.count >= inFlight.max) {
          refuse(reply, 503, failText('BUSY', 'serve.busyServer', { max: inFlight.max }));
        } else if (!reserveBody(request, reply, inFlight)) {
          refuse(reply.header('Retry-After', String(BUSY_RETRY_AFTER_S)), 503, bodyBusy(inFlight));
        }
      },
      errorHandler: (error, request, reply) => {
        const e = error as { code?: string; statusCode?: number; message: string };
        if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          return refuse(reply, 413, tooLargeFailure(request));
        }
        if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
          return refuse(reply, 415, wrongType());
        }
        return refuse(
          reply,
          e.statusCode ?? 500,
          failText('INTERNAL', 'serve.importFailed', { detail: { en: e.message } }),
        );
      },
    },
    async (request, reply) => {
      const fileName = fileNameOf(request);
      if (typeof fileName !== 'string') return refuse(reply, 400, fileName);
      if (!(request.body instanceof Buffer)) {
        return refuse(reply, 415, wrongType());
      }
      inFlight.count += 1;
      try {
        const body = request.body;
        const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
        const result: Result<unknown> = await dispatch('importResult', [{ fileName, bytes }]);
        return reply.header('Cache-Control', 'no-store').type('application/json').send(result);
      } finally {
        inFlight.count -= 1;
      }
    },
  );
}
