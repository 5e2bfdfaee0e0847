/**
 * What make-chapter-reference.ts and make-syncperformance-reference.ts share: the skeleton of a published result
 * file (publishedResult), and writing the generated files into resources/reference/, or with --check reporting
 * (exit 1) every committed file that differs from what its generator makes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { serializeResultFile, validateResultFile, writeResultFile } from '../electron/core/results/io';
import {
  RESULT_FORMAT,
  RESULT_UNITS,
  RESULT_VERSION,
  type Device,
  type Point,
  type Ratio,
  type ResultFile,
} from '../electron/model/results/schema';

/** The folder the app ships its reference datasets from. */
export const REFERENCE_DIR = fileURLToPath(new URL('../resources/reference/', import.meta.url));

/** Writes each result as `<id>.json` (atomically), or checks it when `check`; resolves to the exit code. */
export async function writeOrCheckReferences(results: ResultFile[], check: boolean): Promise<number> {
  let stale = 0;
  for (const result of results) {
    const file = path.join(REFERENCE_DIR, `${result.id}.json`);
    if (check) {
      const current = await readFile(file, 'utf8').catch(() => null);
      if (current !== serializeResultFile(result)) {
        stale += 1;
        console.error(`${file} differs from what the script makes`);
      }
    } else {
      await writeResultFile(file, result);
      console.log(`wrote ${file}`);
    }
  }
  return stale > 0 ? 1 : 0;
}

/** Shown where the result format needs a text the source does not give. */
export const NOT_PUBLISHED = 'not published';

/** What differs between published result files; everything else is the same skeleton (publishedResult). */
export interface PublishedSpec {
  id: string;
  name: string;
  /** The day the file was made (the sources do not date their measurements): createdAt, startedAt, finishedAt. */
  madeAt: string;
  /** `source.citation` and `source.note`. */
  citation: string;
  sourceNote: string;
  app: ResultFile['provenance']['app'];
  host: ResultFile['provenance']['host'];
  device: Device;
  mode: string;
  params: ResultFile['plan']['params'];
  xAxis: ResultFile['plan']['xAxis'];
  points: Point[];
  ratios: Ratio[];
  notes: string[];
}

/**
 * A published result file (`source.kind: 'published'`): no driver or runtime version, no build, a plan that stops
 * at once (nothing was measured here), status complete, no sanitizer; validated by the product's reader.
 * @throws ResultFileError when the file is not valid (a generator's bug).
 */
export function publishedResult(spec: PublishedSpec): ResultFile {
  const result: ResultFile = {
    format: RESULT_FORMAT,
    version: RESULT_VERSION,
    id: spec.id,
    name: spec.name,
    createdAt: spec.madeAt,
    units: { ...RESULT_UNITS },
    source: { kind: 'published', citation: spec.citation, note: spec.sourceNote },
    provenance: {
      app: spec.app,
      host: spec.host,
      device: spec.device,
      driverVersion: NOT_PUBLISHED,
      runtimeVersion: NOT_PUBLISHED,
      build: null,
      scheduleFlag: 'auto',
      startedAt: spec.madeAt,
      finishedAt: spec.madeAt,
    },
    plan: {
      mode: spec.mode,
      device: 0,
      params: spec.params,
      stopping: { warmup: 0, minReps: 1, maxReps: 1, minTimeMs: 0, maxTimeMs: 0, targetRelCi: 0 },
      throttleThreshold: 0,
      xAxis: spec.xAxis,
    },
    status: 'complete',
    error: null,
    points: spec.points,
    ratios: spec.ratios,
    notes: spec.notes,
    sanitizer: null,
    gpuSharing: null,
  };
  return validateResultFile(result, `${spec.id}.json`);
}
