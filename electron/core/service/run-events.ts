/** A typed emitter of run events: the service emits, the shells (IPC, WebSocket) listen. */
import type { RunEvent } from '../../contract';

export type RunEventListener = (event: RunEvent) => void;

export class RunEventHub {
  private readonly listeners = new Set<RunEventListener>();

  /** `onListenerError` sees a listener's exception (it never stops delivery to the others). */
  constructor(private readonly onListenerError: (err: unknown) => void = () => undefined) {}

  /** Subscribes; returns the unsubscribe function. */
  on(listener: RunEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Delivers `event` to every listener, in subscription order. */
  emit(event: RunEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }
}
