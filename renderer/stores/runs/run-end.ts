import type { RunEvent } from '../../../electron/contract';
import type { ResultFile } from '../../../electron/model/results/schema';
import { hostShown, type ShownMessage } from '../../i18n/shown-message';

/** What the end of a run changes on screen: its phase and ETA, the saved id, the message of a failure, the result. */
export interface RunEnd {
  phase: 'finished' | 'cancelled' | 'failed';
  etaMs: number | null;
  savedId: string | null;
  /** A failure's code and words ("CUDA: …", and whether the measuring process was restarted); null otherwise. */
  message: ShownMessage | null;
  /** The finished result, the points a cancelled run kept, a failed run's partial result, or null. */
  result: ResultFile | null;
}

/** The end of a run as the host reported it ('finished', 'cancelled' or 'failed'). */
export function runEnd(event: Extract<RunEvent, { type: 'finished' | 'cancelled' | 'failed' }>): RunEnd {
  switch (event.type) {
    case 'finished':
      return { phase: 'finished', etaMs: 0, savedId: event.savedId, message: null, result: event.result };
    case 'cancelled':
      return {
        phase: 'cancelled',
        etaMs: null,
        savedId: event.savedId,
        message: null,
        result: event.result ?? null,
      };
    case 'failed':
      return {
        phase: 'failed',
        etaMs: null,
        savedId: event.savedId,
        message: hostShown(event, { withCode: true, restarted: event.workerRestarted }),
        result: event.partial ?? null,
      };
  }
}
