/**
 * `syncbench serve` as a real child process for the shutdown and descriptor tests: started through bash so a test
 * can lower its limits first (`ulimit -n 200`), over a results folder the test may fill, resolved with its URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A started server: the process and the URL it printed (token included). */
export interface ServeChild {
  child: ChildProcess;
  url: URL;
  port: number;
  token: string;
  resultsDir: string;
}

/**
 * Starts `syncbench serve --port 0` after `shellPrefix` (e.g. `ulimit -n 200;`) over `resultsDir` (default: a new
 * empty folder). Rejects with what the process printed when it exits before serving.
 */
export async function startServeChild(shellPrefix = '', resultsDir?: string): Promise<ServeChild> {
  const results = resultsDir ?? mkdtempSync(path.join(os.tmpdir(), 'sb-serve-child-'));
  const command =
    `${shellPrefix} exec "${process.execPath}" --import tsx electron/bin/syncbench.ts serve --port 0 ` +
    `--results "${results}"`;
  const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<URL>((resolve, reject) => {
    let text = '';
    const seen = (d: Buffer) => {
      text += d.toString();
      const m = /serving at (\S+)/.exec(text);
      if (m?.[1]) resolve(new URL(m[1]));
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${text}`)));
  });
  return { child, url, port: Number(url.port), token: url.searchParams.get('token')!, resultsDir: results };
}
