/**
 * The frames of the run events for every connected client. A client that was connected when the run started
 * received every batch of its points, so the run's last event reaches it without the points of its result: the
 * frame says `pointsStreamed` and the client puts back the points it holds (contract WireEvent). A client that
 * connected later gets the whole result. The points are left out only when the result's points are the very
 * objects that were streamed, in order (a replay streams the saved result's own points), so nothing is assumed
 * equal that was not sent.
 */
import type { RunEvent, WireEvent } from '../contract';
import type { Point, ResultFile } from '../model/results/schema';
import { runEventFrame, type Frame } from './event-frames';

/** The run in progress as the server streamed it: its points and the clients that got all of them. */
interface StreamedRun<C> {
  runId: string;
  points: Point[];
  clients: Set<C>;
}

function terminalResult(event: RunEvent): { key: 'result' | 'partial'; result: ResultFile } | null {
  if ((event.type === 'finished' || event.type === 'cancelled') && event.result) {
    return { key: 'result', result: event.result };
  }
  if (event.type === 'failed' && event.partial) return { key: 'partial', result: event.partial };
  return null;
}

function sameObjects(a: readonly Point[], b: readonly Point[]): boolean {
  return a.length === b.length && a.every((point, i) => point === b[i]);
}

export class RunFrames<C> {
  private run: StreamedRun<C> | null = null;

  /**
   * The frame of `event` for each of `clients` (every connected client, in order of connection). Call it once per
   * event, in the order the events were emitted.
   */
  async framesFor(event: RunEvent, clients: readonly C[]): Promise<Map<C, Frame>> {
    const frames = new Map<C, Frame>();
    if (event.type === 'started') {
      this.run = { runId: event.runId, points: [], clients: new Set(clients) };
    } else if (event.type === 'points' && this.run?.runId === event.runId) {
      this.run.points.push(...event.points);
    }
    const carried = terminalResult(event);
    const run = this.run?.runId === event.runId ? this.run : null;
    if (event.type === 'finished' || event.type === 'cancelled' || event.type === 'failed') this.run = null;
    const lean = carried && run && sameObjects(carried.result.points, run.points) ? run.clients : null;
    let full: Frame | null = null;
    let leanFrame: Frame | null = null;
    for (const client of clients) {
      if (lean?.has(client) && carried) {
        leanFrame ??= JSON.stringify({
          kind: 'run-event',
          event: { ...event, [carried.key]: { ...carried.result, points: [] } } as RunEvent,
          pointsStreamed: true,
        } satisfies WireEvent);
        frames.set(client, leanFrame);
      } else {
        full ??= await runEventFrame(event);
        frames.set(client, full);
      }
    }
    return frames;
  }
}
