/**
 * The replay source: streams a saved result's points at the pace they were measured (each point's `wallMs`,
 * divided by `speed`), or as fast as possible for speed 0, yielding to the event loop between slices (at most
 * SLICE points or SAMPLE_BUDGET raw samples each) so the host never stalls.
 */
import type { Point } from '../../model/results/schema';
import { pointWeight, SAMPLE_BUDGET } from '../results/point-weight';

/** Most points emitted in one turn of the event loop. */
const SLICE = 25;

export interface ReplayStream {
  cancel(): void;
  /** Resolves 'complete' after the last point, or 'cancelled'. */
  done: Promise<'complete' | 'cancelled'>;
}

/**
 * Replays `points` in order through `onPoint(point, done, total)`.
 * @param speed 1 = the recorded pace, 2 = twice as fast, 0 = as fast as possible (must be ≥ 0).
 */
export function replayPoints(
  points: readonly Point[],
  speed: number,
  onPoint: (point: Point, done: number, total: number) => void,
): ReplayStream {
  const total = points.length;
  const start = performance.now();
  const dueAt: number[] = [];
  let sum = 0;
  for (const p of points) {
    sum += speed > 0 ? p.wallMs / speed : 0;
    dueAt.push(start + sum);
  }
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let immediate: ReturnType<typeof setImmediate> | null = null;
  let finish: (status: 'complete' | 'cancelled') => void = () => undefined;
  const done = new Promise<'complete' | 'cancelled'>((resolve) => {
    finish = resolve;
  });

  const step = (): void => {
    timer = null;
    immediate = null;
    const now = performance.now();
    let emitted = 0;
    let samples = 0;
    while (next < total && dueAt[next]! <= now && emitted < SLICE && samples < SAMPLE_BUDGET) {
      const point = points[next]!;
      onPoint(point, next + 1, total);
      next += 1;
      emitted += 1;
      samples += pointWeight(point);
    }
    if (next >= total) {
      finish('complete');
    } else if (dueAt[next]! <= performance.now()) {
      immediate = setImmediate(step);
    } else {
      timer = setTimeout(step, dueAt[next]! - performance.now());
    }
  };
  immediate = setImmediate(step);

  return {
    cancel() {
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
      if (next < total) finish('cancelled');
      next = total;
    },
    done,
  };
}
