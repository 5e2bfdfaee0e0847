import type { RunEvent } from '../../../electron/contract';
import type { Point } from '../../../electron/model/results/schema';

/**
 * Batches of points that arrive within this many ms of the last one applied wait and are applied together (the
 * first after a quiet spell at once), so a fast stream re-renders the run's view a few times a second, not once
 * per host batch. A run's last event applies what waits first.
 */
export const APPLY_POINTS_EVERY_MS = 150;

/** Points received and not yet applied, with the progress of their last batch. */
export interface PointBatch {
  runId: string;
  points: Point[];
  done: number;
  total: number;
  etaMs: number | null;
}

/**
 * Collects the host's 'points' events and hands them to `apply` at most every APPLY_POINTS_EVERY_MS. `flush()`
 * applies what waits now (before any other event of the run). A batch of another run flushes the previous one first.
 */
export function createPointBatcher(apply: (batch: PointBatch) => void) {
  let waiting: PointBatch | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let appliedAt = Number.NEGATIVE_INFINITY;

  function flush(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const batch = waiting;
    waiting = null;
    if (!batch) return;
    apply(batch);
    appliedAt = performance.now();
  }

  /** Queues a batch: applied at once after a quiet spell, else with the others at the next turn. */
  function queue(event: RunEvent & { type: 'points' }): void {
    if (waiting && waiting.runId !== event.runId) flush();
    waiting ??= { runId: event.runId, points: [], done: 0, total: 0, etaMs: null };
    waiting.points.push(...event.points);
    Object.assign(waiting, { done: event.done, total: event.total, etaMs: event.etaMs });
    const wait = appliedAt + APPLY_POINTS_EVERY_MS - performance.now();
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
  }

  return { queue, flush };
}
