/**
 * Ctrl-C (SIGINT) and SIGTERM while the CLI writes a file: the write's temporary is removed at once and the
 * process ends (exit 130 for SIGINT, 143 for SIGTERM, as a shell reports a signal), so an interrupted
 * `syncbench export --out` leaves no file and the target as it was (docs/exports.md#exports-run-off-the-event-loop).
 * Before the write starts no handler is installed: the signal ends the process at once, and nothing is on disk yet.
 */
import { removeUnfinishedTemporariesSync } from '../core/files/durable-write';

/** The part of `process` the handler uses (tests pass a fake). */
export interface SignalTarget {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  exit(code: number): void;
  stderr: { write(text: string): unknown };
}

/**
 * Runs `write` (a durable write of the CLI's output) so that SIGINT or SIGTERM meanwhile removes its temporary and
 * ends the process with 130 or 143, saying so on stderr as `<command>: ...`. Returns what `write` returns.
 */
export async function writeOrCleanUpOnInterrupt<T>(
  command: string,
  write: () => Promise<T>,
  target: SignalTarget = process,
): Promise<T> {
  const stop = (signal: 'SIGINT' | 'SIGTERM') => () => {
    removeUnfinishedTemporariesSync();
    target.stderr.write(`${command}: interrupted (${signal}); nothing was written\n`);
    target.exit(signal === 'SIGINT' ? 130 : 143);
  };
  const onInt = stop('SIGINT');
  const onTerm = stop('SIGTERM');
  target.once('SIGINT', onInt);
  target.once('SIGTERM', onTerm);
  try {
    return await write();
  } finally {
    target.off('SIGINT', onInt);
    target.off('SIGTERM', onTerm);
  }
}
