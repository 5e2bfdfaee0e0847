/**
 * Result-file migrations: a registry of functions that each turn a version-N document into version N+1, applied in
 * order until the document reaches the version this build reads (RESULT_VERSION). Migrations work on plain JSON
 * (before validation), so a migration may rename, move, add or drop fields; the schema validates the outcome.
 *
 * To evolve the format: bump RESULT_VERSION in schema.ts, change the schema, and register a migration from the
 * previous version here.
 *   1 -> 2: adds `sanitizer` (compute-sanitizer's report on the correctness kernels), null for older runs.
 *   2 -> 3: adds `timing` to every point: `published` for published figures, else `interleaved` (the version-2
 *           harness ran one primitive per iteration next to a clock64() accumulation; docs/methods.md).
 *   3 -> 4: adds `launch.clusterAttribute` to every point (clusterSize > 1: how version-3 builds launched, setting
 *           cudaLaunchAttributeClusterDimension only above 1), `gpuShared: null` (unknown) to every point and
 *           `gpuSharing: null` to the file (docs/methods.md#clusters-as-launched, #a-shared-gpu).
 */
import { RESULT_VERSION } from '../../model/results/schema';
import { word } from '../../model/words/host-text';
import { codedFileError } from './errors';

/** A JSON object as read from a file. */
export type JsonObject = Record<string, unknown>;

/** Turns a document of version N into one of version N+1 (`version` itself is set by `migrate`). */
export type Migration = (doc: JsonObject) => JsonObject;

/** Version N -> the migration from N to N+1. */
export type MigrationRegistry = ReadonlyMap<number, Migration>;

/** The migrations of this build. */
export const MIGRATIONS: MigrationRegistry = new Map<number, Migration>([
  [1, (doc) => ({ ...doc, sanitizer: null })],
  [2, (doc) => ({ ...doc, points: Array.isArray(doc.points) ? doc.points.map(withOldTiming) : doc.points })],
  [
    3,
    (doc) => ({
      ...doc,
      gpuSharing: null,
      points: Array.isArray(doc.points) ? doc.points.map(withOldLaunch) : doc.points,
    }),
  ],
]);

/** A version-3 point with the cluster attribute its launch set, and its sharing unknown. */
function withOldLaunch(p: unknown): unknown {
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return p;
  const point = p as JsonObject;
  const launch = point.launch;
  if (typeof launch !== 'object' || launch === null || Array.isArray(launch))
    return { ...point, gpuShared: null };
  const size = (launch as JsonObject).clusterSize;
  return {
    ...point,
    launch: { ...launch, clusterAttribute: typeof size === 'number' && size > 1 },
    gpuShared: null,
  };
}

/** A version-2 point with the timing its harness used (points that are not objects are left to the schema). */
function withOldTiming(p: unknown): unknown {
  if (typeof p !== 'object' || p === null || Array.isArray(p)) return p;
  const point = p as JsonObject;
  const published = point.stoppedBy === 'published';
  return { ...point, timing: { body: published ? 'published' : 'interleaved', unroll: published ? 0 : 1 } };
}

/** The oldest version that `registry` can bring up to `target` (target itself when there is nothing to migrate). */
export function oldestReadableVersion(
  registry: MigrationRegistry = MIGRATIONS,
  target = RESULT_VERSION,
): number {
  let version = target;
  while (registry.has(version - 1)) version -= 1;
  return version;
}

/**
 * Brings `doc` from version `from` up to `target` by applying each step of `registry` in order, and sets
 * `version` after each step. `from` must be at most `target` (newer files are refused before this).
 * @throws ResultFileError UNKNOWN_VERSION when a step is missing; the message names `sourceName`, the version and
 *   the versions this build reads.
 */
export function migrate(
  doc: JsonObject,
  from: number,
  sourceName: string,
  registry: MigrationRegistry = MIGRATIONS,
  target = RESULT_VERSION,
): JsonObject {
  const oldest = oldestReadableVersion(registry, target);
  if (from < oldest) {
    const readable = oldest === target ? target : word('resultFile.versionRange', { oldest, target });
    throw codedFileError('UNKNOWN_VERSION', 'resultFile.versionUnknown', {
      file: sourceName,
      version: from,
      readable,
    });
  }
  let current = doc;
  for (let version = from; version < target; version += 1) {
    // oldestReadableVersion guarantees every step from `from` to `target` exists.
    const step = registry.get(version) as Migration;
    current = { ...step(current), version: version + 1 };
  }
  return current;
}
