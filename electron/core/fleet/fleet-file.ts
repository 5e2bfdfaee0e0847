/**
 * `fleet merge` end to end (docs/fleet.md#fleet-merge): reads a folder into a fleet file, validates it against
 * FleetFileSchema before it is written (like result files, docs/architecture.md), writes it durably, and reads
 * one back with the field that is wrong.
 */
import { FleetFileSchema, type FleetFile } from '../../model/fleet/fleet-schema';
import type { OutlierThresholds } from '../../model/fleet/robust';
import { APP_COMMIT, APP_NAME, APP_VERSION } from '../app-info';
import { writeFileDurably } from '../files/durable-write';
import { FileReadError, readRegularFile } from '../files/regular-file';
import { readFleet, type FleetTally } from './read-fleet';

/**
 * The largest fleet file read or written, in bytes: well above a fleet of 64 nodes × 8 GPUs × 10 modes
 * (docs/fleet.md#fleet-merge), and below the longest string JSON.parse can be given.
 */
export const MAX_FLEET_FILE_BYTES = 256 * 1024 * 1024;

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
  return (await mergeFleetCounted(root, thresholds, now)).fleet;
}

/**
 * mergeFleet, and its tally (read-fleet.ts): the result files found, valid or failed, and how many of the skipped
 * files were fleet outputs (an earlier merge's fleet file, a Job recipe: fleet-output.ts), never read as input; they
 * are among `fleet.counts.skipped`.
 */
export async function mergeFleetCounted(
  root: string,
  thresholds?: OutlierThresholds,
  now = new Date(),
): Promise<{ fleet: FleetFile; tally: FleetTally }> {
  const { merge, counts, tally } = await readFleet(root);
  const fleet = merge.finish({
    createdAt: now.toISOString(),
    app: { name: APP_NAME, version: APP_VERSION, commit: APP_COMMIT },
    counts,
    thresholds,
  });
  return { fleet: validated(fleet, 'merged fleet'), tally };
}

/** `size`: the bytes found; `atLeast` when the file may hold more (it was not read to its end). */
function tooLarge(path: string, size: number, atLeast: boolean): FleetFileError {
  const found = `${atLeast ? 'at least ' : ''}${size} bytes`;
  return new FleetFileError(
    `${path}: the fleet file is ${found}, more than the ${MAX_FLEET_FILE_BYTES} allowed`,
  );
}

/**
 * Writes `fleet` durably as JSON (one line: fleets of thousands of runs stay small).
 * @throws FleetFileError when it is not valid or over MAX_FLEET_FILE_BYTES (nothing is written); WriteError.
 */
export async function writeFleetFile(path: string, fleet: FleetFile): Promise<void> {
  const text = `${JSON.stringify(validated(fleet, path))}\n`;
  const size = Buffer.byteLength(text, 'utf8');
  if (size > MAX_FLEET_FILE_BYTES) throw tooLarge(path, size, false);
  await writeFileDurably(path, text, { label: `fleet file ${path}` });
}

/**
 * Reads and validates a fleet file: a regular file only, at most MAX_FLEET_FILE_BYTES + 1 bytes read
 * (../files/regular-file.ts: a FIFO or device is refused before it is opened).
 * @throws FleetFileError (over the limit, not JSON, not a fleet file, the wrong field); FileReadError when it
 *   cannot be read (missing, a folder, FIFO, device or socket, permission: the CLI's exit 2).
 */
export async function readFleetFile(path: string): Promise<FleetFile> {
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(path, MAX_FLEET_FILE_BYTES);
  } catch (err) {
    if (err instanceof FileReadError && err.problem === 'TOO_LARGE')
      throw tooLarge(path, err.size ?? MAX_FLEET_FILE_BYTES + 1, true);
    throw err;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new FleetFileError(`${path}: not a JSON file (${(err as Error).message})`);
  }
  return validated(doc, path);
}
