/**
 * `fleet merge` end to end (docs/fleet.md#fleet-merge): reads a folder into a fleet file, validates it against
 * FleetFileSchema before it is written (like result files, docs/architecture.md), writes it durably, and reads
 * one back with the field that is wrong.
 */
import { readFile } from 'node:fs/promises';

import { FleetFileSchema, type FleetFile } from '../../model/fleet/fleet-schema';
import type { OutlierThresholds } from '../../model/fleet/robust';
import { APP_COMMIT, APP_NAME, APP_VERSION } from '../app-info';
import { writeFileDurably } from '../files/durable-write';
import { readFleet } from './read-fleet';

/** A fleet file that is not valid: the message names the file and the field. */
export class FleetFileError extends Error {
  override name = 'FleetFileError';
}

function validated(doc: unknown, source: string): FleetFile {
  const parsed = FleetFileSchema.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FleetFileError(
      `${source}: not a valid fleet file: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

/** Merges every result and task record below `root` (thresholds: robust.ts DEFAULT_THRESHOLDS when absent). */
export async function mergeFleet(
  root: string,
  thresholds?: OutlierThresholds,
  now = new Date(),
): Promise<FleetFile> {
  const { merge, counts } = await readFleet(root);
  const fleet = merge.finish({
    createdAt: now.toISOString(),
    app: { name: APP_NAME, version: APP_VERSION, commit: APP_COMMIT },
    counts,
    thresholds,
  });
  return validated(fleet, 'merged fleet');
}

/** Writes `fleet` durably as JSON (one line: fleets of thousands of runs stay small). */
export async function writeFleetFile(path: string, fleet: FleetFile): Promise<void> {
  await writeFileDurably(path, `${JSON.stringify(validated(fleet, path))}\n`, {
    label: `fleet file ${path}`,
  });
}

/** Reads and validates a fleet file. @throws FleetFileError (not JSON, not a fleet file, the wrong field). */
export async function readFleetFile(path: string): Promise<FleetFile> {
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    throw new FleetFileError(`${path}: not a JSON file (${(err as Error).message})`);
  }
  return validated(doc, path);
}
