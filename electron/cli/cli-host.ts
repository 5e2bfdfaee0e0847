/**
 * What the process that runs the CLI supplies to it. The packaged desktop app runs `syncbench` inside its own
 * binary (electron/bin/cli-in-app.ts), so child processes start differently there than under Node; and the
 * browser shell is handed in by the executable (electron/bin/), because shells never import each other
 * (docs/architecture.md).
 */
import type { SanitizerHost } from '../core/verify/sanitizer';
import type { ForkWorker } from '../worker/worker-process';

/** What `syncbench serve` is given: the options of electron/serve/command.ts's serveCommand that the CLI sets. */
export interface ServeLaunch {
  /** TCP port, 0..65535 (0 picks a free one). */
  port: number;
  /** Address to bind. */
  host: string;
  /** Results folder; absent: the app's user folder. */
  results?: string;
  /** dist/worker.js beside the CLI bundle, when it is there. */
  workerScript?: string;
  /** How the measuring process starts (inside the packaged app: a utility process). */
  forkWorker?: ForkWorker;
}

export interface CliHost {
  /** How `serve` starts its measuring process (default: a Node child process running dist/worker.js). */
  forkWorker?: ForkWorker;
  /** How compute-sanitizer's targets start this same CLI (default: thisCli(), the running Node and script). */
  self?: SanitizerHost;
  /** Starts the browser shell and resolves once it listens; absent: there is no `serve` command. */
  serve?: (launch: ServeLaunch) => Promise<unknown>;
}
