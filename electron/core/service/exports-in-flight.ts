/**
 * The exports in flight that carry an exportId (ExportRequest.exportId): each has an AbortController that
 * `cancel(exportId)` aborts, and its progress goes to the listeners as ExportProgressEvents
 * (docs/exports.md#exports-run-off-the-event-loop).
 */
import type { ExportProgressEvent } from '../../contract';
import type { ExportProgress } from './export-task';

/** One export being tracked: the signal its job runs under and the callback its progress goes to. */
export interface TrackedExport {
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
  /** Forgets the export (call once it answered, whatever the outcome). */
  done(): void;
}

/**
 * The progress of a job in the contract's terms: the read phase's fraction is files read of all (`done / total`);
 * building and encoding are one step each whose fraction is not known (null).
 */
export function progressEvent(exportId: string, progress: ExportProgress): ExportProgressEvent {
  const fraction =
    progress.stage === 'read' && progress.total > 0 ? Math.min(1, progress.done / progress.total) : null;
  return { exportId, phase: progress.stage, fraction };
}

export class ExportsInFlight {
  private readonly running = new Map<string, AbortController>();
  private readonly listeners = new Set<(event: ExportProgressEvent) => void>();

  constructor(private readonly log: (message: string) => void = () => undefined) {}

  /**
   * Tracks export `exportId`, cancelled by `cancel(exportId)` or by `outer` aborting, whichever comes first.
   * Null when an export of that id is already in flight (the caller refuses the second one).
   */
  start(exportId: string, outer?: AbortSignal): TrackedExport | null {
    if (this.running.has(exportId)) return null;
    const controller = new AbortController();
    this.running.set(exportId, controller);
    const signal = outer ? AbortSignal.any([controller.signal, outer]) : controller.signal;
    return {
      signal,
      onProgress: (progress) => this.emit(progressEvent(exportId, progress)),
      done: () => {
        if (this.running.get(exportId) === controller) this.running.delete(exportId);
      },
    };
  }

  /** Aborts export `exportId`; false when none of that id is in flight. */
  cancel(exportId: string): boolean {
    const controller = this.running.get(exportId);
    if (!controller) return false;
    this.running.delete(exportId);
    controller.abort();
    return true;
  }

  /** Subscribes to progress events; returns the unsubscribe function. */
  on(listener: (event: ExportProgressEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private emit(event: ExportProgressEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.log(`an export-progress listener threw: ${(err as Error).message}`);
      }
    }
  }
}
