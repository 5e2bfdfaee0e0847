/**
 * The task record: what one fleet task (one process on one GPU, docs/fleet.md#the-task) writes beside its result
 * files — where it ran, the GPU's state before and after, the job and task index, and each mode's outcome, or why
 * it could not measure. Versioned (`format` + `version`) and validated with zod on every read, like result files.
 */
import { z } from 'zod';

import { textProblem } from '../../contract/names';

export const TASK_FORMAT = 'syncbench-fleet-task';
export const TASK_VERSION = 1;
/** The task record's file name inside its task folder. */
export const TASK_FILE_NAME = 'task.json';

/** Text shown to a person: refuses control and bidirectional characters (electron/contract/names.ts). */
export const shownText = z.string().superRefine((text, ctx) => {
  const problem = textProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const count = z.int().nonnegative();
const reading = z.number().nullable();

/**
 * One GPU as nvidia-smi reports it (`--query-gpu`): every field null where the driver does not say. Units in the
 * names: MHz, W, °C.
 */
export const GpuSnapshotSchema = z.strictObject({
  readAt: z.iso.datetime(),
  uuid: z.string().nullable(),
  pciBusId: z.string().nullable(),
  name: z.string().nullable(),
  driverVersion: z.string().nullable(),
  vbiosVersion: z.string().nullable(),
  /** nvidia-smi's ecc.mode.current ("Enabled", "Disabled", or null for "[N/A]"). */
  eccMode: z.string().nullable(),
  smClockMHz: reading,
  memoryClockMHz: reading,
  powerDrawW: reading,
  temperatureC: reading,
});
export type GpuSnapshot = z.infer<typeof GpuSnapshotSchema>;

/** Which engine started the task, and its own ids (SLURM_JOB_ID, SLURM_PROCID, ...; JOB_COMPLETION_INDEX). */
export const JobIdentitySchema = z.strictObject({
  engine: z.enum(['slurm', 'kubernetes', 'none']),
  jobId: z.string().nullable(),
  /** SLURM_PROCID or JOB_COMPLETION_INDEX: the task's index in its job. */
  taskIndex: count.nullable(),
  /** SLURM_ARRAY_TASK_ID of a staggered (job-array) run. */
  arrayTaskId: count.nullable(),
  /** SLURM_LOCALID: the task's index on its node. */
  localIndex: count.nullable(),
});
export type JobIdentity = z.infer<typeof JobIdentitySchema>;

/** One mode of the suite with its parameters (as `syncbench run` flags take them). */
export const SuiteEntrySchema = z.strictObject({
  mode: z.string().regex(/^[a-z][a-z0-9_]*$/),
  params: z.record(z.string().regex(/^[a-zA-Z]+$/), z.union([z.number(), z.string()])).default({}),
});
export const SuiteSchema = z.strictObject({
  name: shownText.pipe(z.string().min(1)),
  entries: z.array(SuiteEntrySchema).min(1),
});
export type Suite = z.infer<typeof SuiteSchema>;

export const ModeOutcomeSchema = z.strictObject({
  mode: z.string(),
  /** The result file, relative to the task folder; null when none was written. */
  file: z.string().nullable(),
  /** `syncbench run`'s exit code (README: exit codes). */
  exitCode: z.int(),
  /** Why it did not measure (the CLI's message); null on success. */
  reason: shownText.nullable(),
});

export const TaskRecordSchema = z.strictObject({
  format: z.literal(TASK_FORMAT),
  version: z.literal(TASK_VERSION),
  /** Made up for a test or a benchmark (never a measurement). */
  synthetic: z.boolean(),
  app: z.strictObject({ name: z.string(), version: z.string(), commit: z.string() }),
  job: JobIdentitySchema,
  hostname: shownText,
  /** The CUDA device ordinal the task measured (0 under Slurm and Kubernetes: one visible GPU per task). */
  gpuOrdinal: count,
  gpuBefore: GpuSnapshotSchema.nullable(),
  gpuAfter: GpuSnapshotSchema.nullable(),
  /** Why the GPU could not be read (no nvidia-smi, no GPU); null when both snapshots were read. */
  gpuReadProblem: shownText.nullable(),
  suite: SuiteSchema,
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  /** measured: every mode ran; partial: some failed; failed: none measured (`reason` says why). */
  status: z.enum(['measured', 'partial', 'failed']),
  reason: shownText.nullable(),
  runs: z.array(ModeOutcomeSchema),
});
export type TaskRecord = z.infer<typeof TaskRecordSchema>;
