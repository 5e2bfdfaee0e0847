/**
 * The fleet file: every run of a fleet merged (docs/fleet.md#the-fleet-file) — the runs and where they ran, per
 * mode, point and GPU model the median, MAD and each run's robust z-score and relative deviation, the outliers, the
 * failures with their reasons and what to run again. Versioned and validated with zod like result files.
 * Values are per-sync costs in ns (`perSyncNs` medians of the result files).
 */
import { z } from 'zod';

import { JobIdentitySchema, shownText } from './task-schema';

export const FLEET_FORMAT = 'syncbench-fleet';
export const FLEET_VERSION = 1;

const count = z.int().nonnegative();

export const FleetRunSchema = z.strictObject({
  /** The result file, relative to the merged folder. */
  file: shownText,
  /** The GPU: its UUID, else `host/pciBusId`, else `host/gpuN`. */
  gpu: shownText,
  node: shownText,
  model: shownText,
  driver: shownText,
  uuid: z.string().nullable(),
  pciBusId: z.string().nullable(),
  mode: z.string(),
  createdAt: z.iso.datetime(),
  job: JobIdentitySchema.nullable(),
  /** From a synthetic task record or a synthetic result (never a measurement). */
  synthetic: z.boolean(),
});
export type FleetRun = z.infer<typeof FleetRunSchema>;

export const FleetValueSchema = z.strictObject({
  /** Index into `runs`. */
  run: count,
  perSyncNs: z.number(),
  robustZ: z.number().nullable(),
  relDeviation: z.number().nullable(),
  outlier: z.boolean(),
});

export const FleetPointSchema = z.strictObject({
  mode: z.string(),
  series: z.string(),
  label: shownText,
  /** How the timed body ran ("back-to-back ×32", "rounds", ...): only points of one body are compared. */
  variant: z.string(),
  model: shownText,
  n: z.int().positive(),
  medianNs: z.number(),
  /** Median absolute deviation, unscaled, ns. */
  madNs: z.number().nonnegative(),
  values: z.array(FleetValueSchema),
});
export type FleetPoint = z.infer<typeof FleetPointSchema>;

export const FleetFailureSchema = z.strictObject({
  node: shownText,
  gpu: shownText.nullable(),
  job: JobIdentitySchema.nullable(),
  mode: z.string().nullable(),
  /** The file it was read from, relative to the merged folder. */
  file: shownText,
  reason: shownText,
});
export type FleetFailure = z.infer<typeof FleetFailureSchema>;

export const FleetFileSchema = z.strictObject({
  format: z.literal(FLEET_FORMAT),
  version: z.literal(FLEET_VERSION),
  createdAt: z.iso.datetime(),
  app: z.strictObject({ name: z.string(), version: z.string(), commit: z.string() }),
  /** Some input was synthetic: the file is a test or benchmark artefact, never a measurement. */
  synthetic: z.boolean(),
  thresholds: z.strictObject({
    robustZ: z.number().positive(),
    relDeviation: z.number().nonnegative(),
    minGroupSize: z.int().positive(),
  }),
  counts: z.strictObject({ files: count, results: count, tasks: count, skipped: count }),
  runs: z.array(FleetRunSchema),
  points: z.array(FleetPointSchema),
  outliers: z.array(
    z.strictObject({
      run: count,
      gpu: shownText,
      node: shownText,
      model: shownText,
      driver: shownText,
      mode: z.string(),
      label: shownText,
      variant: z.string(),
      file: shownText,
      perSyncNs: z.number(),
      medianNs: z.number(),
      robustZ: z.number().nullable(),
      relDeviation: z.number(),
    }),
  ),
  /** Outlying GPUs per model, driver and node. */
  groups: z.array(
    z.strictObject({
      model: shownText,
      driver: shownText,
      node: shownText,
      runs: count,
      outlierGpus: z.array(shownText),
    }),
  ),
  failures: z.array(FleetFailureSchema),
  /** What to run again: failed tasks and outlying GPUs, one entry per node and GPU. */
  rerun: z.array(
    z.strictObject({
      node: shownText,
      gpu: shownText.nullable(),
      job: JobIdentitySchema.nullable(),
      why: shownText,
    }),
  ),
});
export type FleetFile = z.infer<typeof FleetFileSchema>;
