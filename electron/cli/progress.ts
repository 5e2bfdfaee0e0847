/**
 * Progress of a run on stderr, as terminal tools show it: on a terminal one line redrawn in place (cli-progress)
 * with the bar, points done of the total, the current point and the time left; otherwise (a pipe, a log file, CI)
 * one plain line per finished point, so logs stay readable. No colour is written (NO_COLOR holds by default).
 */
import { SingleBar } from 'cli-progress';

import type { Point } from '../model/results/schema';
import { pointFlags } from '../core/format/compact-table';

/** One finished point as a plain line: `[3/12] block, 8 warps: 9.165 ns, 18 cycles per unit (11 reps) [noisy]`. */
export function progressLine(p: Point, done: number, total: number): string {
  const ns = p.perSyncNs ? `${p.perSyncNs.median.toPrecision(4)} ns` : '—';
  const cyc = p.perSyncCycles ? `, ${p.perSyncCycles.median.toPrecision(4)} cycles` : '';
  const flags = pointFlags(p);
  const verify = p.verification ? (p.verification.ok ? ' verified' : ' VERIFICATION FAILED') : '';
  return `[${done}/${total}] ${p.label}: ${ns}${cyc} per unit (${p.reps} reps)${verify}${flags ? ` [${flags}]` : ''}\n`;
}

export interface Progress {
  started(total: number): void;
  point(p: Point, done: number, total: number): void;
  /** Ends the redrawn line (before anything else is written to stderr). */
  stop(): void;
}

/** A progress reporter for `stream`: redrawn in place on a TTY, plain lines otherwise, nothing when quiet. */
export function createProgress(
  stream: NodeJS.WriteStream = process.stderr,
  opts: { quiet?: boolean } = {},
): Progress {
  if (opts.quiet) return { started: () => undefined, point: () => undefined, stop: () => undefined };
  if (!stream.isTTY) {
    return {
      started: () => undefined,
      point: (p, done, total) => stream.write(progressLine(p, done, total)),
      stop: () => undefined,
    };
  }
  const bar = new SingleBar({
    stream,
    format: '{bar} {value}/{total} points | ETA {eta_formatted} | {point}',
    barsize: 20,
    hideCursor: true,
    clearOnComplete: false,
    etaBuffer: 20,
    linewrap: false,
  });
  let running = false;
  return {
    started: (total) => {
      bar.start(total, 0, { point: 'starting' });
      running = true;
    },
    point: (p, done) => bar.update(done, { point: p.label }),
    stop: () => {
      if (running) bar.stop();
      running = false;
    },
  };
}
