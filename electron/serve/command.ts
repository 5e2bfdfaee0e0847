/**
 * `syncbench serve`: the browser shell for GPU hosts without a display. Starts the measuring process (dist/worker.js
 * through child_process.fork), the service over the results folder and the shipped resources, and the server;
 * prints the page URL (token included) and how to reach it through an SSH tunnel.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import { findAppRoot } from '../core/app-root';
import { reportBuilder } from '../core/report';
import { createWorkbenchService } from '../core/service/create-service';
import { defaultResultsDir } from '../core/service/paths';
import type { WorkbenchService } from '../core/service/service';
import { createWorkerBackend } from '../worker/worker-backend';
import { nodeForkWorker, type ForkWorker } from '../worker/worker-process';
import { startServer, type RunningServer } from './server';

export interface ServeCommandOptions {
  /** TCP port (default 8420; 0 picks a free one). */
  port?: number;
  /** Address to bind (default 127.0.0.1). */
  host?: string;
  /** Results folder (default: the app's user folder, see core/service/paths.ts). */
  results?: string;
  /** Built renderer (default <app>/dist/renderer). */
  rendererDir?: string;
  /** The app's resources (default <app>/resources). */
  resourcesDir?: string;
  /** The HTML report page's built assets (default <app>/dist/report). */
  reportDir?: string;
  /** The measuring process's script (default <app>/dist/worker.js). */
  workerScript?: string;
  /** Starts the measuring process instead of forking `workerScript` (tests, scripts that run the TS host). */
  forkWorker?: ForkWorker;
  /** Where the lines for a person go (default console.log). */
  print?: (line: string) => void;
  /** Close cleanly on SIGINT/SIGTERM (every socket within a few seconds), then exit (default true). */
  handleSignals?: boolean;
}

export const DEFAULT_PORT = 8420;
/** Longest a SIGINT/SIGTERM waits for a clean close before the process exits anyway. */
export const EXIT_DEADLINE_MS = 4000;

/**
 * Starts the browser shell and prints its URL. Resolves once it listens; `close()` stops the server and the
 * measuring process.
 * @throws when the port cannot be bound (the message names the port).
 */
export async function serveCommand(
  opts: ServeCommandOptions = {},
): Promise<RunningServer & { service: WorkbenchService; resultsDir: string }> {
  const print = opts.print ?? ((line: string) => console.log(line));
  const root = findAppRoot(import.meta.url);
  const workerScript = opts.workerScript ?? path.join(root, 'dist', 'worker.js');
  const resultsDir = opts.results ? path.resolve(opts.results) : defaultResultsDir();
  if (!opts.forkWorker && !existsSync(workerScript)) {
    print(
      `Note: ${workerScript} is missing (run \`npm run build:cli\`): the GPU cannot be used until it is built.`,
    );
  }
  const backend = createWorkerBackend({ fork: opts.forkWorker ?? nodeForkWorker(workerScript) });
  const service = createWorkbenchService({
    backend,
    resultsDir,
    resourcesDir: opts.resourcesDir ?? path.join(root, 'resources'),
    htmlReport: reportBuilder(opts.reportDir ?? path.join(root, 'dist', 'report')),
    reportDir: opts.reportDir ?? path.join(root, 'dist', 'report'),
  });
  let server: RunningServer;
  try {
    server = await startServer({
      port: opts.port ?? DEFAULT_PORT,
      host: opts.host ?? '127.0.0.1',
      service,
      rendererDir: opts.rendererDir ?? path.join(root, 'dist', 'renderer'),
    });
  } catch (err) {
    await backend.dispose();
    throw new Error(
      `cannot serve on ${opts.host ?? '127.0.0.1'}:${opts.port ?? DEFAULT_PORT}: ${(err as Error).message}`,
    );
  }
  const close = async () => {
    await server.close();
    await backend.dispose();
  };
  if (opts.handleSignals ?? true) {
    const stop = (signal: NodeJS.Signals) => {
      print(`${signal}: closing every connection and the measuring process, then exiting.`);
      // The server cuts what lingers after CLOSE_GRACE_MS; this bounds the measuring process's exit too.
      setTimeout(() => process.exit(0), EXIT_DEADLINE_MS).unref();
      void close().finally(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  print(`Sync Workbench is serving at ${server.url}`);
  print(`Results folder: ${resultsDir}`);
  print(
    `On a remote GPU host, tunnel it: ssh -L ${server.port}:127.0.0.1:${server.port} <host>, then open the URL above.`,
  );
  const status = await service.device();
  if (status.ok) {
    const d = status.value;
    print(
      d.available ? `GPU: ${d.devices.map((x) => x.name).join(', ')}` : `No GPU can be used: ${d.reason}`,
    );
  }
  return { ...server, close, service, resultsDir };
}
