/**
 * Reads a fleet's files a few at a time ahead of their use (docs/fleet.md#fleet-merge): reading is most of a merge's
 * time (one small file after another waits on the disk), so up to `window` reads are in flight while the files
 * before them are parsed; files come out in walk order, and memory holds at most `window` files' text.
 */
import { readFile, stat } from 'node:fs/promises';

import { MAX_RESULT_FILE_BYTES } from '../results/io';
import { walkFleet } from './walk';

/** One file of the walk: its folder, its path and its text, or why it could not be read. */
export interface FleetFileText {
  dir: string;
  path: string;
  text: string | null;
  problem: string | null;
}

async function readOne(dir: string, path: string): Promise<FleetFileText> {
  try {
    const size = (await stat(path)).size;
    if (size > MAX_RESULT_FILE_BYTES) {
      return {
        dir,
        path,
        text: null,
        problem: `${size} bytes, more than the ${MAX_RESULT_FILE_BYTES} allowed`,
      };
    }
    return { dir, path, text: await readFile(path, 'utf8'), problem: null };
  } catch (err) {
    return { dir, path, text: null, problem: `cannot be read (${(err as Error).message})` };
  }
}

/** Every `.json` file below `root` in walk order (walk.ts), read up to `window` files ahead. */
export async function* readAhead(root: string, window = 16): AsyncGenerator<FleetFileText> {
  const inFlight: Promise<FleetFileText>[] = [];
  for await (const { dir, files } of walkFleet(root)) {
    for (const path of files) {
      inFlight.push(readOne(dir, path));
      if (inFlight.length >= window) yield await (inFlight.shift() as Promise<FleetFileText>);
    }
  }
  while (inFlight.length > 0) yield await (inFlight.shift() as Promise<FleetFileText>);
}
