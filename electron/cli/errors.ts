/**
 * Every error the CLI can meet, mapped to its documented exit code (exit-codes.ts) and the message to print.
 * Bad usage is 2, a missing GPU, driver or addon is 3, a full disk is 7 (whatever was being written), outliers with `fleet merge --fail-on-outliers` are 6, and only a
 * bug is 1 ("internal error").
 */
import { isDiskFull } from '../core/files/durable-write';
import { EXIT } from './exit-codes';
import { OutputError, UsageError } from './output';

/** Node's error codes for a path that cannot be used as given (exit 2: the user's argument is wrong). */
const PATH_CODES = new Set(['ENOENT', 'EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'EEXIST', 'EROFS']);
/** CUDA errors that mean "no usable driver or GPU" rather than a failed run (exit 3). */
const NO_GPU_CUDA =
  /cudaErrorInsufficientDriver|cudaErrorNoDevice|cudaErrorNotSupported|no CUDA-capable device/;

/**
 * The exit code for `err`, and the message to print (null: already printed, or nothing to say):
 * commander's help/version 0, its usage errors 2 (commander printed them); PlanError INVALID 2, NO_GPU/NO_ADDON 3;
 * OutputError, UsageError, ResultFileError, LibraryError, DecideError and path errors (ENOENT …) 2; a native error
 * that says there is no usable driver or GPU 3; a figure with characters no font can draw (FigureTextError) 4;
 * anything else 1 (SYNCBENCH_DEBUG=1 adds the stack).
 */
export function exitCodeOf(err: unknown): { code: number; message: string | null } {
  const e = err as { code?: unknown; name?: unknown; message?: unknown; stack?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(err);
  if (code === 'commander.helpDisplayed' || code === 'commander.version')
    return { code: EXIT.ok, message: null };
  if (code.startsWith('commander.')) return { code: EXIT.invalid, message: null };
  if (isDiskFull(err)) return { code: EXIT.diskFull, message };
  if (e?.name === 'WriteError' || e?.name === 'FileReadError') return { code: EXIT.invalid, message };
  if (e?.name === 'PlanError') return { code: code === 'INVALID' ? EXIT.invalid : EXIT.noGpu, message };
  if (err instanceof OutputError || err instanceof UsageError) return { code: EXIT.invalid, message };
  if (
    ['ResultFileError', 'LibraryError', 'DecideError', 'SuiteError', 'FleetFileError'].includes(
      String(e?.name),
    )
  ) {
    return { code: EXIT.invalid, message };
  }
  if (PATH_CODES.has(code)) return { code: EXIT.invalid, message };
  if (e?.name === 'FigureTextError') return { code: EXIT.runFailed, message };
  if (NO_GPU_CUDA.test(message)) return { code: EXIT.noGpu, message: `no usable GPU: ${message}` };
  const debug = Boolean(process.env.SYNCBENCH_DEBUG);
  const detail = debug && typeof e?.stack === 'string' ? e.stack : message;
  return {
    code: EXIT.internal,
    message: `internal error: ${detail}${debug ? '' : ' (SYNCBENCH_DEBUG=1 shows the stack)'}`,
  };
}
