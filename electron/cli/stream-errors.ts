/**
 * What the CLI does when stdout or stderr fails outside writeStream (output.ts), e.g. a progress line or "wrote …"
 * to a full device, or the 'error' a stream emits after the write that writeStream already reported: a closed pipe
 * (EPIPE: `| head`) ends quietly with 0; a full disk (ENOSPC, EDQUOT, EFBIG) is exit 7 and any other write failure
 * exit 2, with the same one line as for a regular file (docs/architecture.md "Writing": in the CLI a full disk is
 * always exit 7, whatever was being written). Never a stack trace. stderr's own failures are ignored
 * (exitOnStreamErrors).
 */
import { EXIT } from './exit-codes';
import { isReportedStreamError, streamWriteError } from './output';

/** What to do on a failed write to a standard stream: exit with `code` after printing `message` (null: nothing). */
export interface StreamFailure {
  code: number;
  message: string | null;
}

/**
 * The exit for `error`, emitted as 'error' by the process's `name` stream, or null when writeStream already turned
 * it into a WriteError that its caller reports (the program goes on to exit with that code).
 */
export function streamFailureOf(
  name: 'stdout' | 'stderr',
  error: NodeJS.ErrnoException,
): StreamFailure | null {
  if (error?.code === 'EPIPE') return { code: EXIT.ok, message: null };
  if (isReportedStreamError(error)) return null;
  const failure = streamWriteError(name, error);
  return {
    code: failure.problem === 'DISK_FULL' ? EXIT.diskFull : EXIT.invalid,
    message: failure.message,
  };
}

/**
 * Listens for 'error' on stdout and ends the program through `exit` as streamFailureOf says, the message on stderr.
 * A failed write of a diagnostic to stderr (`2> /dev/full`) changes nothing: the exit code still says what the
 * command did (`--out /dev/stderr` is written by writeStream, which reports its own failure: exit 7 for a full
 * disk).
 */
export function exitOnStreamErrors(exit: (code: number) => void): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    const failure = streamFailureOf('stdout', error);
    if (!failure) return;
    if (failure.message) process.stderr.write(`syncbench: ${failure.message}\n`);
    exit(failure.code);
  });
  process.stderr.on('error', () => {});
}
