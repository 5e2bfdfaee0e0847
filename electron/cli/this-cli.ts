/** How a child process starts this same CLI (compute-sanitizer's targets): the running Node and its script. */
import type { SanitizerHost } from '../core/verify/sanitizer';

/** `process.execPath` with `process.argv[1]` (dist/cli.js); the packaged app passes its own (cli-in-app.ts). */
export function thisCli(): SanitizerHost {
  return { execPath: process.execPath, cliPath: process.argv[1] ?? '' };
}
