/**
 * What a CLI test's `main()` wrote: stdout and stderr are captured for every test of the file that imports this
 * module (live bindings `out` and `err`, empty at the start of each test), and process.exitCode is cleared around it.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export let out = '';
export let err = '';

/** Forgets what stdout received so far in this test. */
export function resetOut(): void {
  out = '';
}

/** Forgets what stderr received so far in this test. */
export function resetErr(): void {
  err = '';
}

/** Calls a write's callback (its last function argument), as a stream does once the chunk is handed on. */
function written(rest: unknown[]): boolean {
  const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
  done?.();
  return true;
}

beforeEach(() => {
  out = '';
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    out += String(chunk);
    return written(rest);
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk, ...rest) => {
    err += String(chunk);
    return written(rest);
  });
  process.exitCode = undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});
