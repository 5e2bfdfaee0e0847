/**
 * What the process that runs the CLI supplies to it: the packaged desktop app runs `syncbench` inside its own
 * binary (electron/main/cli-in-app.ts), so child processes start differently there than under Node.
 */
import type { SanitizerHost } from '../core/verify/sanitizer';
import type { ForkWorker } from '../worker/worker-process';

export interface CliHost {
  /** How `serve` starts its measuring process (default: a Node child process running dist/worker.js). */
  forkWorker?: ForkWorker;
  /** How compute-sanitizer's targets start this same CLI (default: thisCli(), the running Node and script). */
  self?: SanitizerHost;
}
