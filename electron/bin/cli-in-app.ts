/**
 * Runs the bundled CLI inside the app binary (see electron/main/cli-mode.ts): no window, no single-instance lock, the addon from
 * the app's unpacked resources, the measuring process (for `serve`) as a utility process, compute-sanitizer's
 * targets as this binary in CLI mode again. Exits with the CLI's code.
 */
import { app } from 'electron';

import { main as cliMain } from '../cli/main';
import { exitOnStreamErrors } from '../cli/stream-errors';
import { cliInvocationArgs } from '../main/cli-mode';
import { desktopPaths } from '../main/desktop-paths';
import { utilityForkWorker } from '../main/utility-worker';
import { serveCommand } from '../serve/command';

/** Runs `syncbench <args>`; the app exits with its exit code (`serve` keeps running until it is stopped). */
export async function runCliInApp(args: string[]): Promise<void> {
  exitOnStreamErrors((code) => app.exit(code));
  app.dock?.hide();
  await app.whenReady();
  const paths = desktopPaths();
  if (paths.addon && !process.env.SYNCBENCH_ADDON) process.env.SYNCBENCH_ADDON = paths.addon;
  const forkWorker = utilityForkWorker({
    script: paths.workerScript,
    env: process.env,
    logDir: app.getPath('logs'),
  });
  // compute-sanitizer's targets start this binary again, in CLI mode (it cannot run a script as Node).
  const self = { execPath: process.execPath, cliPath: '', cliArgs: cliInvocationArgs() };
  const code = await cliMain(args, { forkWorker, self, serve: serveCommand });
  app.exit(code);
}
