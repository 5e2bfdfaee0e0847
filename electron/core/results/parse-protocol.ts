/** Messages between `parse-pool.ts` and its worker thread `parse-worker.ts`. */
import type { HostText } from '../../contract';
import type { Point, ResultFile } from '../../model/results/schema';

export interface ParseRequest {
  id: number;
  /**
   * parse: validate and return the result. prepare: validate and return the fields without the points, the number of
   * points and the text to store, as UTF-8 bytes. wire: only
   * JSON.parse the bytes (a large WebSocket frame) and return the value. summary: validate, and return the fields
   * without the points and the number of points.
   */
  task: 'parse' | 'prepare' | 'wire' | 'summary';
  /** The file's bytes (transferred, not copied), or its text. */
  bytes: Uint8Array | string;
  /** Starts every message (a file name or path). */
  name: string;
  /** Names the stored file in a TOO_LARGE message (prepare). */
  storeName?: string;
  /** Stores the result under this id instead of its own (prepare). */
  newId?: string;
  /** `bytes` is base64 text to decode first (an import from the page). */
  base64?: boolean;
}

export type ParseReply =
  | { id: number; head: Omit<ResultFile, 'points'> }
  | { id: number; points: Point[] }
  | {
      id: number;
      done: true;
      stored?: Uint8Array;
      value?: unknown;
      pointCount?: number;
      currentVersion?: boolean;
    }
  | { id: number; error: { name: string; code: string; message: string; text?: HostText } };
