/**
 * `syncbench serve`: the browser shell, for GPU hosts without a display. The executable hands the shell in
 * (CliHost.serve, from electron/bin/); the CLI itself imports no other shell.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

import type { Command } from 'commander';

import type { CliHost } from './cli-host';
import { UsageError } from './output';

/**
 * Registers `serve [--port n] [--host address] [--results dir]` when `host.serve` is given; it serves until
 * SIGINT/SIGTERM. A port outside 0..65535 or a results path that is a file is a UsageError (exit 2).
 */
export function registerServeCommand(program: Command, host: CliHost = {}): void {
  const serve = host.serve;
  if (!serve) return;
  program
    .command('serve')
    .description(
      'serve the workbench to a browser (for GPU hosts without a display; reach it through an SSH tunnel)',
    )
    .option('--port <n>', 'TCP port (0 picks a free one)', '8420')
    .option('--host <address>', 'address to bind (keep 127.0.0.1 unless you know why not)', '127.0.0.1')
    .option('--results <dir>', "results folder (default: the app's user folder)")
    .action(async (o: { port: string; host: string; results?: string }) => {
      const port = Number(o.port);
      if (!/^\d+$/.test(o.port) || port > 65535) {
        throw new UsageError(`--port '${o.port}' is not a port number (0..65535)`);
      }
      if (o.results && existsSync(o.results) && !statSync(o.results).isDirectory()) {
        throw new UsageError(`--results ${o.results} is a file; give a folder (it is created if missing)`);
      }
      // The measuring process's script sits next to this CLI bundle (dist/cli.js + dist/worker.js).
      const sibling = process.argv[1] ? path.join(path.dirname(process.argv[1]), 'worker.js') : undefined;
      const workerScript = sibling && existsSync(sibling) ? sibling : undefined;
      try {
        await serve({
          port,
          host: o.host,
          results: o.results,
          workerScript,
          ...(host.forkWorker ? { forkWorker: host.forkWorker } : {}),
        });
      } catch (err) {
        const busy = /EADDRINUSE/.test((err as Error).message);
        throw new UsageError(
          `${(err as Error).message}${busy ? ` — another program (another syncbench serve?) uses port ${port}; --port 0 picks a free one` : ''}`,
        );
      }
      await new Promise(() => {}); // serve until SIGINT/SIGTERM (serveCommand closes and exits)
    });
}
