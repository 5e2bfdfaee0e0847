/**
 * Groups a run's points into batches on their way to the renderer: a batch goes out when `maxPoints`
 * are waiting or their raw samples reach `maxSamples`, or `maxDelayMs` after the previous batch (the first point
 * after a quiet spell goes at once), so a fast stream costs one message per ~50 ms, no message is slow to
 * serialize, and a slow stream adds no latency. Each batch carries done/total and the time left estimated from the
 * pace so far.
 */
import type { Point } from '../../model/results/schema';
import { pointWeight, SAMPLE_BUDGET } from '../results/point-weight';

export interface PointBatch {
  points: Point[];
  done: number;
  total: number;
  /** Time left in ms at the pace so far (elapsed / done × remaining); null before the first point. */
  etaMs: number | null;
}

export interface BatcherOptions {
  /** Longest a point waits before it is sent, in ms (default 50). */
  maxDelayMs?: number;
  /** A batch goes out as soon as this many points wait (default 100). */
  maxPoints?: number;
  /** ... or as soon as the waiting points carry this many raw samples (default SAMPLE_BUDGET). */
  maxSamples?: number;
}

export class PointBatcher {
  private pending: Point[] = [];
  private pendingSamples = 0;
  private done = 0;
  private total = 0;
  private startedAt = performance.now();
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly maxDelayMs: number;
  private readonly maxPoints: number;
  private readonly maxSamples: number;

  /** `send` receives every batch, in order. */
  constructor(
    private readonly send: (batch: PointBatch) => void,
    opts: BatcherOptions = {},
  ) {
    this.maxDelayMs = opts.maxDelayMs ?? 50;
    this.maxPoints = opts.maxPoints ?? 100;
    this.maxSamples = opts.maxSamples ?? SAMPLE_BUDGET;
  }

  /** Marks the start of the run (the ETA's clock). */
  start(): void {
    this.startedAt = performance.now();
  }

  /** Adds a finished point; `done` of `total` points are finished with it. */
  push(point: Point, done: number, total: number): void {
    this.pending.push(point);
    this.pendingSamples += pointWeight(point);
    this.done = done;
    this.total = total;
    const wait = this.lastFlushAt + this.maxDelayMs - performance.now();
    if (this.pending.length >= this.maxPoints || this.pendingSamples >= this.maxSamples || wait <= 0) {
      this.flush();
    } else {
      this.timer ??= setTimeout(() => this.flush(), wait);
    }
  }

  /** Sends what is waiting now (nothing when empty). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const points = this.pending;
    this.pending = [];
    this.pendingSamples = 0;
    this.lastFlushAt = performance.now();
    const elapsed = this.lastFlushAt - this.startedAt;
    const etaMs =
      this.done > 0 ? Math.max(0, Math.round((elapsed / this.done) * (this.total - this.done))) : null;
    this.send({ points, done: this.done, total: this.total, etaMs });
  }
}
