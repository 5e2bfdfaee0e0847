/**
 * The measuring process's side: answers the app's messages (protocol.ts) with a MeasureBackend, normally the
 * native addon loaded in this process. Run events are forwarded one by one, in order, as the addon reports them.
 */
import type { MeasureBackend } from '../model/measure/backend';
import type { NativeRunHandle } from '../model/native/addon-types';
import type { HostPort } from './host-port';
import { CALL_METHODS, toWireError, type FromHost, type ToHost } from './protocol';

/** Serves `backend` on `port` and announces readiness. */
export function serveBackend(backend: MeasureBackend, port: HostPort): void {
  const runs = new Map<number, NativeRunHandle>();

  const call = async (id: number, method: ToHost & { t: 'call' }): Promise<void> => {
    try {
      const fn = backend[method.method] as (...args: unknown[]) => Promise<unknown>;
      const value = await fn.apply(backend, method.args);
      port.send({ t: 'reply', id, ok: true, value });
    } catch (err) {
      port.send({ t: 'reply', id, ok: false, error: toWireError(err) });
    }
  };

  const run = (msg: ToHost & { t: 'run' }): void => {
    const { id } = msg;
    let handle: NativeRunHandle;
    try {
      handle = backend.startRun(msg.points, (event) => port.send({ t: 'run-event', id, event }));
    } catch (err) {
      port.send({ t: 'run-done', id, ok: false, error: toWireError(err) });
      return;
    }
    runs.set(id, handle);
    void handle.done
      .then(
        (value): FromHost => ({ t: 'run-done', id, ok: true, value }),
        (err: unknown): FromHost => ({ t: 'run-done', id, ok: false, error: toWireError(err) }),
      )
      .then((message) => {
        runs.delete(id);
        port.send(message);
      });
  };

  port.onMessage((raw) => {
    const msg = raw as Partial<ToHost>;
    if (typeof msg !== 'object' || msg === null || typeof msg.id !== 'number') return;
    if (msg.t === 'call') {
      const m = msg as ToHost & { t: 'call' };
      if ((CALL_METHODS as readonly string[]).includes(m.method) && Array.isArray(m.args)) void call(m.id, m);
      else
        port.send({ t: 'reply', id: m.id, ok: false, error: { name: 'Error', message: 'unknown method' } });
    } else if (msg.t === 'run' && Array.isArray(msg.points)) {
      run(msg as ToHost & { t: 'run' });
    } else if (msg.t === 'cancel') {
      runs.get(msg.id)?.cancel();
    }
  });
  port.send({ t: 'ready', pid: process.pid });
}
