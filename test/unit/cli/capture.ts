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

beforeEach(() => {
  out = '';
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
  process.exitCode = undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});
