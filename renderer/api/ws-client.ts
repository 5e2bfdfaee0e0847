/**
 * The browser shell's side of the contract: `WorkbenchApi` over one WebSocket (`/api?token=...`), JSON text frames
 * in the contract's wire format (`WireCall` out; `WireReply`, `WireEvent` and `WireExportProgress` in). Every call resolves to a Result,
 * never rejects: a socket that is closed, or closes before the reply, gives `{ ok: false, code: 'INTERNAL' }`.
 * A closed socket is reopened with growing delays; run-event and export-progress listeners survive reconnects.
 */
import type {
  ApiMethod,
  ExportProgressEvent,
  Failure,
  Result,
  RunEvent,
  WireCall,
  WorkbenchApi,
} from '../../electron/contract';
import { hostText } from '../../electron/model/words/host-text';
import type { Point } from '../../electron/model/results/schema';
import { importUrlFor, uploadImport } from './import-upload';

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

export interface WsClientOptions {
  url: string;
  /** Opens a socket (default: the browser's WebSocket). */
  connect?: (url: string) => SocketLike;
  /** Waits before each reconnect attempt, in ms; the last one repeats. */
  reconnectDelaysMs?: number[];
  /** Sends an import's bytes over HTTP (default: the browser's fetch; tests pass a fake). */
  fetch?: typeof fetch;
}

const OPEN = 1;
const DEFAULT_DELAYS_MS = [250, 500, 1000, 2000, 5000];

/** The API endpoint for a page served by the browser shell: same host, `/api`, the page's `?token=`. */
export function wsUrlFromPage(page: Pick<Location, 'protocol' | 'host' | 'search'>): string {
  const token = new URLSearchParams(page.search).get('token') ?? '';
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${page.host}/api?token=${encodeURIComponent(token)}`;
}

/** A `WorkbenchApi` that talks to the browser shell at `options.url`; connects at once. */
export function createWsClient(options: WsClientOptions): WorkbenchApi {
  const connect = options.connect ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const delays = options.reconnectDelaysMs ?? DEFAULT_DELAYS_MS;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Set<(event: RunEvent) => void>();
  const progressListeners = new Set<(event: ExportProgressEvent) => void>();
  let nextId = 1;
  let attempt = 0;
  let socket: SocketLike | null = null;
  let ready: Promise<boolean> = Promise.resolve(false);
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  const streamed = new StreamedPoints();

  function closed(detail: string): Failure {
    return { ok: false, code: 'INTERNAL', ...hostText('transport.notConnected', { detail: { en: detail } }) };
  }

  function open(): void {
    const s = connect(options.url);
    socket = s;
    ready = new Promise<boolean>((resolve) => {
      s.onopen = () => {
        attempt = 0;
        resolve(true);
      };
      s.onclose = () => {
        resolve(false);
        onClosed(s);
      };
    });
    s.onmessage = (event) => onMessage(event.data);
  }

  function onClosed(s: SocketLike): void {
    if (socket !== s) return;
    socket = null;
    for (const resolve of pending.values()) resolve(closed('the connection closed before the reply.'));
    pending.clear();
    if (reconnectTimer) return;
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000;
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      open();
    }, delay);
  }

  function onMessage(data: unknown): void {
    let message: unknown;
    try {
      message = typeof data === 'string' ? JSON.parse(data) : null;
    } catch {
      message = null;
    }
    if (!isObject(message)) {
      console.warn('workbench: ignored a frame that is not a JSON object');
      return;
    }
    if (message.kind === 'reply' && typeof message.id === 'number') {
      const resolve = pending.get(message.id);
      pending.delete(message.id);
      resolve?.(isResult(message.result) ? message.result : closed('the server sent a malformed reply.'));
    } else if (message.kind === 'run-event' && isObject(message.event)) {
      const event = streamed.take(message.event as unknown as RunEvent, message.pointsStreamed === true);
      for (const listener of [...listeners]) listener(event);
    } else if (message.kind === 'export-progress' && isObject(message.progress)) {
      const progress = message.progress as unknown as ExportProgressEvent;
      for (const listener of [...progressListeners]) listener(progress);
    } else {
      console.warn('workbench: ignored a frame of unknown kind', message.kind);
    }
  }

  async function call<T>(method: ApiMethod, args: unknown[]): Promise<Result<T>> {
    const s = socket;
    if (!s) return closed('reconnecting, try again in a moment.');
    if (!(await ready) || s.readyState !== OPEN || socket !== s) return closed('the connection is not open.');
    const id = nextId++;
    const frame: WireCall = { kind: 'call', id, method, args };
    return new Promise<Result<T>>((resolve) => {
      pending.set(id, resolve as (result: Result<unknown>) => void);
      try {
        s.send(JSON.stringify(frame));
      } catch (error) {
        pending.delete(id);
        resolve(closed(error instanceof Error ? error.message : String(error)));
      }
    });
  }

  open();

  return {
    shell: () => call('shell', []),
    device: () => call('device', []),
    coopLimit: (req) => call('coopLimit', [req]),
    modes: () => call('modes', []),
    validateRun: (req) => call('validateRun', [req]),
    startRun: (req) => call('startRun', [req]),
    startReplay: (req) => call('startReplay', [req]),
    cancelRun: (runId) => call('cancelRun', [runId]),
    listResults: (query) => call('listResults', query === undefined ? [] : [query]),
    getResult: (id) => call('getResult', [id]),
    renameResult: (id, name) => call('renameResult', [id, name]),
    deleteResult: (id) => call('deleteResult', [id]),
    undoDelete: (token) => call('undoDelete', [token]),
    // Bytes go as an HTTP upload (import-upload.ts); text goes over the socket like every other call.
    importResult: (req) =>
      'bytes' in req
        ? uploadImport(importUrlFor(options.url), req.fileName, req.bytes, options.fetch)
        : call('importResult', [req]),
    listUnreadable: () => call('listUnreadable', []),
    removeUnreadable: (file) => call('removeUnreadable', [file]),
    exportResults: (req) => call('exportResults', [req]),
    cancelExport: (exportId) => call('cancelExport', [exportId]),
    decisionTable: () => call('decisionTable', []),
    advise: (answers) => call('advise', [answers]),
    setLocale: (locale) => call('setLocale', [locale]),
    onRunEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onExportProgress: (listener) => {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
  };
}

/**
 * The points of the run in progress as this client received them, so a last event that says `pointsStreamed`
 * (contract WireEvent) gets its result's points back without the server sending them twice.
 */
class StreamedPoints {
  private runId: string | null = null;
  private points: Point[] = [];

  /** Notes the event's points and returns the event as the listeners see it (the result's points put back). */
  take(event: RunEvent, pointsStreamed: boolean): RunEvent {
    if (event.type === 'started') {
      this.runId = event.runId;
      this.points = [];
      return event;
    }
    const mine = event.runId === this.runId;
    if (event.type === 'points') {
      if (mine) this.points.push(...event.points);
      return event;
    }
    const points = mine ? this.points : null;
    if (mine) {
      this.runId = null;
      this.points = [];
    }
    if (!pointsStreamed) return event;
    if (points === null) {
      // The server thinks this client saw the whole run: it did not (a protocol fault); say so, keep no points.
      console.warn(`workbench: run ${event.runId} ended with streamed points this page never received`);
      return event;
    }
    if (event.type === 'failed') {
      return event.partial ? { ...event, partial: { ...event.partial, points } } : event;
    }
    return event.result ? { ...event, result: { ...event.result, points } } : event;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isResult(value: unknown): value is Result<unknown> {
  if (!isObject(value) || typeof value.ok !== 'boolean') return false;
  return value.ok ? 'value' in value : typeof value.code === 'string' && typeof value.message === 'string';
}
