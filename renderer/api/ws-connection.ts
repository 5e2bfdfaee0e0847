/**
 * The socket under the browser shell's client (ws-client.ts): opened at once and reopened with growing delays when
 * it closes; each call is one `WireCall` frame whose reply frame (matched by id) resolves it. A call never rejects:
 * a socket that is closed, or closes before the reply, gives `{ ok: false, code: 'INTERNAL' }`. Frames that are
 * not replies go to the client's handler.
 */
import type { ApiMethod, Failure, Result, WireCall } from '../../electron/contract';
import { hostText } from '../../electron/model/words/host-text';

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

export class WsConnection {
  private readonly connect: (url: string) => SocketLike;
  private readonly delays: number[];
  private readonly pending = new Map<number, (result: Result<unknown>) => void>();
  private nextId = 1;
  private attempt = 0;
  private socket: SocketLike | null = null;
  private ready: Promise<boolean> = Promise.resolve(false);
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  /** Connects at once; every frame that is a JSON object but not a reply goes to `onFrame`. */
  constructor(
    private readonly options: WsClientOptions,
    private readonly onFrame: (message: Record<string, unknown>) => void,
  ) {
    this.connect = options.connect ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    this.delays = options.reconnectDelaysMs ?? DEFAULT_DELAYS_MS;
    this.open();
  }

  /** Sends one call and resolves to its reply, or to a failure when the socket is not open or closes first. */
  async call<T>(method: ApiMethod, args: unknown[]): Promise<Result<T>> {
    const s = this.socket;
    if (!s) return closed('reconnecting, try again in a moment.');
    if (!(await this.ready) || s.readyState !== OPEN || this.socket !== s)
      return closed('the connection is not open.');
    const id = this.nextId++;
    const frame: WireCall = { kind: 'call', id, method, args };
    return new Promise<Result<T>>((resolve) => {
      this.pending.set(id, resolve as (result: Result<unknown>) => void);
      try {
        s.send(JSON.stringify(frame));
      } catch (error) {
        this.pending.delete(id);
        resolve(closed(error instanceof Error ? error.message : String(error)));
      }
    });
  }

  private open(): void {
    const s = this.connect(this.options.url);
    this.socket = s;
    this.ready = new Promise<boolean>((resolve) => {
      s.onopen = () => {
        this.attempt = 0;
        resolve(true);
      };
      s.onclose = () => {
        resolve(false);
        this.onClosed(s);
      };
    });
    s.onmessage = (event) => this.onMessage(event.data);
  }

  private onClosed(s: SocketLike): void {
    if (this.socket !== s) return;
    this.socket = null;
    for (const resolve of this.pending.values()) resolve(closed('the connection closed before the reply.'));
    this.pending.clear();
    if (this.reconnectTimer) return;
    const delay = this.delays[Math.min(this.attempt, this.delays.length - 1)] ?? 1000;
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }

  private onMessage(data: unknown): void {
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
      const resolve = this.pending.get(message.id);
      this.pending.delete(message.id);
      resolve?.(isResult(message.result) ? message.result : closed('the server sent a malformed reply.'));
    } else {
      this.onFrame(message);
    }
  }
}

function closed(detail: string): Failure {
  return { ok: false, code: 'INTERNAL', ...hostText('transport.notConnected', { detail: { en: detail } }) };
}

/** A plain object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isResult(value: unknown): value is Result<unknown> {
  if (!isObject(value) || typeof value.ok !== 'boolean') return false;
  return value.ok ? 'value' in value : typeof value.code === 'string' && typeof value.message === 'string';
}
