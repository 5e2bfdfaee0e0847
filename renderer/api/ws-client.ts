/**
 * The browser shell's side of the contract: `WorkbenchApi` over one WebSocket (`/api?token=...`), JSON text frames
 * in the contract's wire format (`WireCall` out; `WireReply`, `WireEvent` and `WireExportProgress` in). Every call resolves to a Result,
 * never rejects: a socket that is closed, or closes before the reply, gives `{ ok: false, code: 'INTERNAL' }`.
 * A closed socket is reopened with growing delays; run-event and export-progress listeners survive reconnects.
 */
import type { ApiMethod, ExportProgressEvent, RunEvent, WorkbenchApi } from '../../electron/contract';
import type { Point } from '../../electron/model/results/schema';
import { importUrlFor, uploadImport } from './import-upload';
import { isObject, WsConnection, type WsClientOptions } from './ws-connection';

export type { SocketLike, WsClientOptions } from './ws-connection';

/**
 * The API endpoint for a page served by the browser shell: same host, `/api`, with `?token=` when the page knows
 * its token (renderer/api/page-token.ts); without one the server's cookie lets the socket in.
 */
export function wsUrlFromPage(page: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${page.host}/api${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** A `WorkbenchApi` that talks to the browser shell at `options.url`; connects at once. */
export function createWsClient(options: WsClientOptions): WorkbenchApi {
  const listeners = new Set<(event: RunEvent) => void>();
  const progressListeners = new Set<(event: ExportProgressEvent) => void>();
  const streamed = new StreamedPoints();
  const connection = new WsConnection(options, (message) => {
    if (message.kind === 'run-event' && isObject(message.event)) {
      const event = streamed.take(message.event as unknown as RunEvent, message.pointsStreamed === true);
      for (const listener of [...listeners]) listener(event);
    } else if (message.kind === 'export-progress' && isObject(message.progress)) {
      const progress = message.progress as unknown as ExportProgressEvent;
      for (const listener of [...progressListeners]) listener(progress);
    } else {
      console.warn('workbench: ignored a frame of unknown kind', message.kind);
    }
  });
  const call = <T>(method: ApiMethod, args: unknown[]) => connection.call<T>(method, args);

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
    listProfiles: () => call('listProfiles', []),
    getProfile: (id) => call('getProfile', [id]),
    exportProfile: (req) => call('exportProfile', [req]),
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
