/**
 * The profile file: what `syncbench profile` learnt about one program's kernels from Nsight Compute, priced with
 * per-sync costs from the results library (docs/profile.md#saved-profiles). Versioned (`format` + `version`) and
 * validated with zod on every read, like result files (model/results/schema.ts).
 */
import { z } from 'zod';

import { textProblem } from '../../contract/names';
import { FENCE_SCOPES, SYNC_KINDS } from './sync-kinds';

export const PROFILE_FORMAT = 'syncbench-profile';
export const PROFILE_VERSION = 1;
/** A profile's id: also its file's name in the library (`profiles/<id>.json`), so no path separator. */
export const PROFILE_ID_PATTERN = /^[A-Za-z0-9._-]{1,120}$/;

const shownText = z.string().superRefine((text, ctx) => {
  const problem = textProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const count = z.number().nonnegative();
const Dim3Schema = z.strictObject({
  x: z.int().nonnegative(),
  y: z.int().nonnegative(),
  z: z.int().nonnegative(),
});

const KindCountSchema = z.strictObject({
  instructions: count,
  syncs: count,
  byOpcode: z.record(z.string(), count),
});

export const StallShareSchema = z.strictObject({
  reason: z.string().min(1),
  primitive: shownText,
  /** % of active warp cycles in this state; null: ncu gave neither metric. */
  pct: z.number().nullable(),
  /** Which metric the share comes from. */
  source: z.enum(['pct-metric', 'pc-samples', 'none']),
});

export const PriceSchema = z.strictObject({
  kind: z.enum(SYNC_KINDS),
  /** A fence's scope (fences are priced per scope); null for the other kinds. */
  scope: z.enum(FENCE_SCOPES).nullable(),
  /** Syncs on the path of one warp (the average over the launch's warps): the count that is priced. */
  syncsPerWarp: count,
  perSyncNs: z.number().nonnegative().nullable(),
  /** syncsPerWarp × perSyncNs: a lower bound of one launch's time in this kind of sync. */
  lowerBoundNs: z.number().nonnegative().nullable(),
  /** The measured point that priced it, e.g. "block: 8 warps × 132 blocks". */
  label: shownText.nullable(),
  /** "measured on …" or "reference dataset, not this GPU (…)"; null without a price. */
  sourceLabel: shownText.nullable(),
  sourceKind: z.enum(['measured', 'reference', 'published']).nullable(),
  /** Why there is no price, and what to run; null when priced. */
  missing: shownText.nullable(),
});
export type Price = z.infer<typeof PriceSchema>;

export const KernelProfileSchema = z.strictObject({
  name: shownText,
  /** The demangled name with its parameter list, as ncu writes it. */
  signature: shownText,
  launches: z.int().positive(),
  grid: Dim3Schema,
  block: Dim3Schema,
  cluster: Dim3Schema,
  /** Other launch shapes of the same kernel, when launches differ. */
  otherShapes: z.array(z.strictObject({ grid: Dim3Schema, block: Dim3Schema, launches: z.int().positive() })),
  cooperative: z.strictObject({ value: z.boolean().nullable(), basis: shownText }),
  medianDurationNs: z.number().nonnegative().nullable(),
  stalls: z.array(StallShareSchema),
  /** null: the instruction mix was not collected. */
  syncCounts: z
    .strictObject({
      blockBarrier: KindCountSchema,
      warpSync: KindCountSchema,
      clusterBarrier: KindCountSchema,
      mbarrier: KindCountSchema,
      fence: KindCountSchema,
      fenceByScope: z.strictObject(
        Object.fromEntries(FENCE_SCOPES.map((s) => [s, count])) as Record<
          (typeof FENCE_SCOPES)[number],
          typeof count
        >,
      ),
    })
    .nullable(),
  pricing: z.strictObject({
    prices: z.array(PriceSchema),
    /** Sum of the priced kinds' lower bounds per launch. */
    lowerBoundNs: z.number().nonnegative().nullable(),
    /** lowerBoundNs / medianDurationNs in %. */
    lowerBoundPctOfDuration: z.number().nonnegative().nullable(),
  }),
  topLines: z.array(
    z.strictObject({
      file: shownText,
      line: z.int().positive(),
      source: z.string(),
      barrierSamples: count,
      membarSamples: count,
      samples: count,
    }),
  ),
  /** Answers for the "Which barrier?" wizard that the profile knows (docs/decision-engine.md#answer-format). */
  wizardAnswers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
});
export type KernelProfile = z.infer<typeof KernelProfileSchema>;

export const ProfileFileSchema = z.strictObject({
  format: z.literal(PROFILE_FORMAT),
  version: z.literal(PROFILE_VERSION),
  id: z.string().regex(PROFILE_ID_PATTERN),
  name: shownText,
  createdAt: z.string().min(1),
  program: z.strictObject({ path: shownText, args: z.array(z.string()), exitCode: z.int() }),
  ncu: z.strictObject({ version: shownText, path: shownText }),
  device: z.strictObject({ name: shownText.nullable(), computeCapability: shownText.nullable() }),
  options: z.strictObject({
    kernelFilter: z.string().nullable(),
    launchCount: z.int().positive().nullable(),
    timeLimitS: z.number().positive(),
  }),
  appVersion: z.string(),
  kernels: z.array(KernelProfileSchema),
  /** What ncu could not give for this profile, in words (e.g. no instruction mix, no line information). */
  notes: z.array(shownText),
});
export type ProfileFile = z.infer<typeof ProfileFileSchema>;

/** Validates a parsed profile file; the error names the first wrong field. */
export function validateProfile(doc: unknown): ProfileFile {
  const parsed = ProfileFileSchema.safeParse(doc);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ProfileFileError(`${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
}

/** A profile file that is not valid; the message names the field. */
export class ProfileFileError extends Error {
  override name = 'ProfileFileError';
}
