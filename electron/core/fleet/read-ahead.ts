/**
 * Reads a fleet's files a few at a time ahead of their use (docs/fleet.md#fleet-merge): reading is most of a merge's
 * time (one small file after another waits on the disk), so up to `window` reads are in flight while the files
 * before them are parsed; files come out in walk order, and memory holds at most `window` files' text. Each file is
 * read by the one reader of named files (../files/regular-file.ts: never more than the limit + 1 byte, and a FIFO
 * swapped in after the walk cannot block); the entries the walk did not read come out too, with the reason.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

import { FileReadError, readRegularFile } from '../files/regular-file';
import { MAX_RESULT_FILE_BYTES } from '../results/io';
import { walkFleet } from './walk';

/**
 * One entry of the walk: its folder, its path and its text, or why it could not be read; `skipped` when the walk
 * did not open it at all (a FIFO, device, broken link, link loop: walk.ts). `head`: the first HEAD_BYTES of a
 * file too large to read, so a large fleet file can still be told apart by its format (read-fleet.ts).
 */
export interface FleetFileText {
  dir: string;
  path: string;
  text: string | null;
  problem: string | null;
  skipped: boolean;
  head?: string;
}

/** Bytes read from the start of a file over the limit: enough for the `format` field the writers put first. */
export const HEAD_BYTES = 256;

/**
 * The first HEAD_BYTES of a file readRegularFile found regular but too large, or '' when it cannot be read
 * (opened non-blocking, so a FIFO swapped in since cannot hang the merge).
 */
async function headOf(path: string): Promise<string> {
  try {
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return '';
  }
}

async function readOne(dir: string, path: string): Promise<FleetFileText> {
  try {
    const bytes = await readRegularFile(path, MAX_RESULT_FILE_BYTES);
    return { dir, path, text: bytes.toString('utf8'), problem: null, skipped: false };
  } catch (err) {
    const tooLarge = err instanceof FileReadError && err.problem === 'TOO_LARGE';
    const problem = tooLarge
      ? `${err.size ?? MAX_RESULT_FILE_BYTES + 1} bytes, more than the ${MAX_RESULT_FILE_BYTES} allowed`
      : `cannot be read (${(err as Error).message})`;
    const head = tooLarge ? await headOf(path) : undefined;
    return { dir, path, text: null, problem, skipped: false, ...(head === undefined ? {} : { head }) };
  }
}

/** Every `.json` file below `root` and every entry not read, in walk order (walk.ts), read up to `window` ahead. */
export async function* readAhead(root: string, window = 16): AsyncGenerator<FleetFileText> {
  const inFlight: Promise<FleetFileText>[] = [];
  for await (const { dir, files, skipped } of walkFleet(root)) {
    for (const { path, reason } of skipped) {
      inFlight.push(
        Promise.resolve({ dir, path, text: null, problem: `not read: ${reason}`, skipped: true }),
      );
    }
    for (const path of files) {
      inFlight.push(readOne(dir, path));
      if (inFlight.length >= window) yield await (inFlight.shift() as Promise<FleetFileText>);
    }
  }
  while (inFlight.length > 0) yield await (inFlight.shift() as Promise<FleetFileText>);
}
