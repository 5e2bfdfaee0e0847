/**
 * Run-time shapes of every payload the API accepts (types vanish at run time; docs/architecture.md). Shapes only: ranges
 * that depend on the mode or the device (iterations, block sizes, the cooperative limit) are checked by the
 * measurement core, which answers with its own field messages.
 */
import { z } from 'zod';

import type {
  AdviceAnswers,
  CoopLimitRequest,
  ExportRequest,
  ImportRequest,
  ReplayRequest,
  ResultQuery,
  RunRequest,
} from '../../contract';
import { LOCALES, MAX_IMPORT_CHARS, MAX_RESULT_FILE_BYTES, type Failure } from '../../contract';
import { PROFILE_EXPORT_FORMATS, type ProfileExportRequest } from '../../contract/profiles';
import { cleanName, nameProblem, shownName } from '../../contract/names';
import { MAX_GPU_WAIT_S } from '../measure/gpu-access';
import { fail } from './failure';
import { ANSWERS_VERSION_KEY } from '../../model/decide/migrate';
import { PROFILE_ID_PATTERN } from '../../model/profile/schema';

/**
 * Largest import accepted through the API, in characters of `content`: the contract's MAX_IMPORT_CHARS, the base64
 * of a result file of MAX_RESULT_FILE_BYTES; io.ts then checks the decoded size.
 */
export { MAX_IMPORT_CHARS };
const MAX_IMPORT_MIB = MAX_RESULT_FILE_BYTES / 1024 / 1024;
/** Largest chart image accepted with an export, in characters. */
const MAX_CHART_CHARS = 16 * 1024 * 1024;

const id = z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const shortText = z.string().max(200, 'must be at most 200 characters');

/** A result's name: the contract's one name rule (electron/contract/names.ts), stored trimmed. */
export const NameSchema = z
  .string()
  .superRefine((name, ctx) => {
    const problem = nameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(cleanName);

export const RunRequestSchema = z.strictObject({
  mode: z.string().min(1, 'choose a mode').max(64),
  device: z.int().min(0).max(63).optional(),
  params: z.record(
    z.string().max(64),
    z.union([z.number(), z.string().max(200), z.array(z.number()).max(4096)], {
      error: 'must be a number, a text or a list of numbers',
    }),
  ),
  stopping: z
    .strictObject({
      warmup: z.number().optional(),
      minReps: z.number().optional(),
      maxReps: z.number().optional(),
      minTimeMs: z.number().optional(),
      maxTimeMs: z.number().optional(),
      targetRelCi: z.number().optional(),
    })
    .optional(),
  name: NameSchema.optional(),
  gpuAccess: z
    .enum(['wait', 'shared', 'exclusive'], {
      error:
        "must be 'wait', 'shared' or 'exclusive' (how the run takes the GPU; docs/methods.md#a-shared-gpu)",
    })
    .optional(),
  gpuWaitS: z
    .number()
    .min(0, 'must be 0 or more seconds')
    .max(MAX_GPU_WAIT_S, `must be at most ${MAX_GPU_WAIT_S} seconds (an hour)`)
    .optional(),
}) satisfies z.ZodType<RunRequest>;

export const ReplayRequestSchema = z.strictObject({
  resultId: id,
  speed: z.number().min(0, 'must be 0 (as fast as possible) or more').max(1000, 'must be at most 1000'),
}) satisfies z.ZodType<ReplayRequest>;

export const CoopLimitRequestSchema = z.strictObject({
  device: z.int().min(0).max(63),
  workload: z.string().min(1).max(64).optional(),
  threadsPerBlock: z.int().min(1).max(4096),
  dynamicSmemBytes: z.int().min(0).optional(),
}) satisfies z.ZodType<CoopLimitRequest>;

export const ResultQuerySchema = z.strictObject({
  text: shortText.optional(),
  mode: shortText.optional(),
  device: shortText.optional(),
  from: shortText.optional(),
  to: shortText.optional(),
}) satisfies z.ZodType<ResultQuery>;

/** The name of an imported file, echoed in every message about it: controls and bidi characters as code points. */
const FILE_NAME = z
  .string()
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters, as a file name is on most file systems')
  .transform(shownName);

/** An import as text (the JSON wire). */
export const ImportTextRequestSchema = z.strictObject({
  fileName: FILE_NAME,
  content: z
    .string()
    .max(
      MAX_IMPORT_CHARS,
      `must hold a file of at most ${MAX_IMPORT_MIB} MiB (${MAX_IMPORT_CHARS} characters of base64)`,
    ),
  base64: z.boolean(),
}) satisfies z.ZodType<ImportRequest>;

/** An import as the file's bytes (IPC, `POST /api/import`). */
export const ImportBytesRequestSchema = z.strictObject({
  fileName: FILE_NAME,
  bytes: z
    .instanceof(Uint8Array, { message: 'must be the bytes of the file (a Uint8Array)' })
    .refine((b) => b.byteLength <= MAX_RESULT_FILE_BYTES, {
      message: `must hold a file of at most ${MAX_IMPORT_MIB} MiB (${MAX_RESULT_FILE_BYTES} bytes)`,
    }),
}) satisfies z.ZodType<ImportRequest>;

/**
 * The schema for `req`: the bytes form when it has a `bytes` field, else the text form (so a refusal names the
 * fields of the form the caller meant, not both).
 */
export function importRequestSchema(
  req: unknown,
): typeof ImportTextRequestSchema | typeof ImportBytesRequestSchema {
  return typeof req === 'object' && req !== null && 'bytes' in req
    ? ImportBytesRequestSchema
    : ImportTextRequestSchema;
}

/** Export formats that save one chart image made by the renderer (ExportRequest.charts) rather than runs. */
export const IMAGE_EXPORT_FORMATS = ['png', 'svg'] as const;

/** An ExportRequest.exportId: 1 to 64 letters, digits, '-' or '_' (a UUID fits). */
export const ExportIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 letters, digits, '-' or '_'");

export const ExportRequestSchema = z
  .strictObject({
    ids: z.array(id).max(50),
    format: z.enum(['csv', 'json', 'md', 'html', 'pdf', ...IMAGE_EXPORT_FORMATS]),
    charts: z.record(z.string().min(1).max(100), z.string().max(MAX_CHART_CHARS)).optional(),
    locale: z
      .enum(LOCALES, {
        error: `must be one of ${LOCALES.map((l) => `'${l}'`).join(', ')} (the report's language)`,
      })
      .optional(),
    exportId: ExportIdSchema.optional(),
  })
  .superRefine((req, ctx) => {
    const image = (IMAGE_EXPORT_FORMATS as readonly string[]).includes(req.format);
    if (image && Object.keys(req.charts ?? {}).length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['charts'],
        message: `${req.format} needs exactly one chart image`,
      });
    }
    if (!image && req.charts !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['charts'],
        message: 'only png and svg take a chart image (the HTML report draws its own charts)',
      });
    }
    if (!image && req.ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'choose at least one result' });
    }
  }) satisfies z.ZodType<ExportRequest>;

/** A UI language (setLocale): one of the contract's LOCALES. */
export const LocaleSchema = z.enum(LOCALES, {
  error: `must be one of ${LOCALES.map((l) => `'${l}'`).join(', ')} (the UI's language)`,
});

export const AdviceAnswersSchema = z
  .record(
    z.string().max(100),
    z.union([shortText, z.array(shortText).max(64), z.int().positive()], {
      error: 'must be an answer id or a list of answer ids',
    }),
  )
  .superRefine((answers, ctx) => {
    for (const [key, value] of Object.entries(answers)) {
      if (typeof value === 'number' && key !== ANSWERS_VERSION_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `must be an answer id or a list of answer ids (only ${ANSWERS_VERSION_KEY} is a number)`,
        });
      }
    }
  }) satisfies z.ZodType<AdviceAnswers>;

export const IdSchema = id;
/** A saved profile's id (a file name in the library's profiles/ folder: no path separator). */
export const ProfileIdSchema = z
  .string()
  .regex(PROFILE_ID_PATTERN, "must be 1 to 120 letters, digits, '.', '-' or '_' (a saved profile's id)");
export const ProfileExportRequestSchema = z.strictObject({
  id: ProfileIdSchema,
  format: z.enum(PROFILE_EXPORT_FORMATS, {
    error: `must be one of ${PROFILE_EXPORT_FORMATS.map((f) => `'${f}'`).join(', ')}`,
  }),
}) satisfies z.ZodType<ProfileExportRequest>;
/** A path the host listed (an unreadable file), given back. */
export const FilePathSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(4096, 'must be at most 4096 characters');

/**
 * Parses `value` with `schema`. On failure: INVALID with one message per field; fields are dotted paths inside
 * the payload (`params.nwarps`), or `label` for a scalar argument. Unknown keys are reported by name.
 */
export function parse<T>(
  schema: z.ZodType<T>,
  value: unknown,
  label: string,
): { ok: true; value: T } | Failure {
  const r = schema.safeParse(value, { reportInput: true });
  if (r.success) return { ok: true, value: r.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const base = issue.path.map(String).join('.');
    const names =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => (base ? `${base}.${k}` : k))
        : [base || label];
    for (const name of names) {
      fieldErrors[name] ??= issueText(issue);
    }
  }
  const text = Object.entries(fieldErrors)
    .map(([field, msg]) => `${field}: ${msg}`)
    .join('; ');
  return fail('INVALID', `Invalid ${label}: ${text}`, fieldErrors);
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return 'is not a known field';
  // zod refuses Infinity and NaN as "expected number, received number": say what is wrong.
  if (issue.code === 'invalid_type' && issue.expected === 'number' && typeof issue.input === 'number') {
    return `must be a finite number, got ${String(issue.input)}`;
  }
  return issue.message;
}
