/**
 * Turns anything a layer below can throw into the contract's `Failure` (docs/architecture.md: nothing throws across the
 * bridge). Errors are recognised by `name` and `code` rather than `instanceof`, so errors that crossed a process
 * boundary (the measuring process) map the same way as local ones.
 */
import type { ErrorCode, Failure, HostText, Result } from '../../contract';
import { hostText } from '../../model/words/host-text';

const ERROR_CODES: readonly ErrorCode[] = [
  'INVALID',
  'NO_GPU',
  'NO_ADDON',
  'BUSY',
  'NOT_FOUND',
  'CUDA',
  'WORKER_CRASHED',
  'IO',
  'FORBIDDEN',
  'CANCELLED',
  'INTERNAL',
];

/** The native addon's error codes (NativeError.code) in the contract's terms. */
const NATIVE_CODES: Record<string, ErrorCode> = {
  SB_CUDA: 'CUDA',
  SB_SPIN_TIMEOUT: 'CUDA',
  SB_NCCL: 'CUDA',
  SB_INVALID: 'INVALID',
  SB_BUSY: 'BUSY',
  SB_CANCELLED: 'INTERNAL',
};

/** Result-file and library error codes (electron/core/results/errors.ts) in the contract's terms. */
const LIBRARY_CODES: Record<string, ErrorCode> = { IO: 'IO', NOT_FOUND: 'NOT_FOUND', READ_ONLY: 'FORBIDDEN' };

/** `{ ok: true, value }`. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** `{ ok: false, code, message }`, with `fieldErrors` when given and not empty. */
export function fail(code: ErrorCode, message: string, fieldErrors?: Record<string, string>): Failure {
  return fieldErrors && Object.keys(fieldErrors).length > 0
    ? { ok: false, code, message, fieldErrors }
    : { ok: false, code, message };
}

/**
 * `{ ok: false, code, message, text }` of a coded host message (`textCode` and its parameters, english.ts), so the
 * UI words it in its language. @throws Error when `textCode` has no English template (hostText: a bug here).
 */
export function failText(code: ErrorCode, textCode: string, params?: HostText['params']): Failure {
  return { ok: false, code, ...hostText(textCode, params) };
}

/** True when `code` is one of the contract's error codes. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}

/**
 * The Failure for a thrown value: PlanError keeps its code and field messages (in English, and as codes where it
 * has them: `fieldTexts`); ResultFileError/LibraryError map to INVALID, IO, NOT_FOUND or FORBIDDEN; DecideError
 * about answers is INVALID; native errors map by their SB_* code; an error whose `code` already is a contract code
 * keeps it; anything else is INTERNAL.
 */
export function toFailure(err: unknown): Failure {
  if (!(err instanceof Error) && !(typeof err === 'object' && err !== null && 'message' in err)) {
    return fail('INTERNAL', String(err));
  }
  const e = err as Error & { code?: unknown; fieldErrors?: unknown; fieldTexts?: unknown; kind?: unknown };
  const message = typeof e.message === 'string' && e.message.length > 0 ? e.message : 'unknown error';
  const fieldErrors = isStringRecord(e.fieldErrors) ? e.fieldErrors : undefined;
  if (e.name === 'ResultFileError' || e.name === 'LibraryError') {
    const failure = fail(LIBRARY_CODES[String(e.code)] ?? 'INVALID', message);
    const text = (e as { text?: unknown }).text;
    return isHostText(text) ? { ...failure, text } : failure;
  }
  if (e.name === 'DecideError') return fail(e.kind === 'answers' ? 'INVALID' : 'INTERNAL', message);
  if (isErrorCode(e.code)) {
    const failure = fail(e.code, message, fieldErrors);
    const text = (e as { text?: unknown }).text;
    const fieldTexts = failure.fieldErrors ? textsOf(e.fieldTexts, failure.fieldErrors) : undefined;
    return {
      ...failure,
      ...(isHostText(text) ? { text } : {}),
      ...(fieldTexts ? { fieldTexts } : {}),
    };
  }
  if (typeof e.code === 'string' && NATIVE_CODES[e.code]) return fail(NATIVE_CODES[e.code]!, message);
  return fail('INTERNAL', message);
}

/** A coded message's shape (its parameters are checked where it is worded: a bad one falls back to English). */
function isHostText(value: unknown): value is HostText {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as HostText).code === 'string' &&
    typeof (value as HostText).params === 'object' &&
    (value as HostText).params !== null
  );
}

/** The coded field messages of `value` for fields that have an English message; undefined when there are none. */
function textsOf(value: unknown, fieldErrors: Record<string, string>): Record<string, HostText> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const texts = Object.entries(value as Record<string, unknown>).filter(
    (entry): entry is [string, HostText] => entry[0] in fieldErrors && isHostText(entry[1]),
  );
  return texts.length > 0 ? Object.fromEntries(texts) : undefined;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}
