// Setup's step for the desktop app: Electron's own installer (node_modules/electron/install.js) downloads its binary,
// within a time limit. `npm ci` runs with ELECTRON_SKIP_BINARY_DOWNLOAD=1 so that a machine without access to the
// download still installs every package; this step then tries the download, and when it fails, setup goes on
// without the desktop app and says so in one line, with the command that retries. `npm start` then serves the same
// app to the browser (scripts/start.mjs).
//   ELECTRON_SKIP_BINARY_DOWNLOAD=1 bash scripts/setup.sh   skips the download on purpose
//   SYNCBENCH_ELECTRON_TIMEOUT_S=600                          a longer limit (default 300 s)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const RETRY = 'node node_modules/electron/install.js';

/**
 * Downloads Electron's binary, or says why not. Never throws.
 * @param {{ env: NodeJS.ProcessEnv, installer: string,
 *   run?: (installer: string, env: NodeJS.ProcessEnv, timeoutMs: number) => { status: number | null, timedOut: boolean, stderr: string } }} o
 *   run: injectable for tests (default: `node <installer>` as a child process).
 * @returns {{ installed: boolean, line: string }} the one line setup prints
 */
export function installElectron(o) {
  if (o.env.ELECTRON_SKIP_BINARY_DOWNLOAD && o.env.ELECTRON_SKIP_BINARY_DOWNLOAD !== '0') {
    return {
      installed: false,
      line: `setup: Electron's binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD is set); npm start serves the app to your browser. To get the desktop app: ${RETRY}`,
    };
  }
  const limitS = Number(o.env.SYNCBENCH_ELECTRON_TIMEOUT_S ?? 300);
  const timeoutMs = Number.isFinite(limitS) && limitS > 0 ? limitS * 1000 : 300_000;
  const env = { ...o.env };
  delete env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  const r = (o.run ?? runNode)(o.installer, env, timeoutMs);
  if (r.status === 0 && !r.timedOut) {
    return {
      installed: true,
      line: "setup: Electron's binary is installed: npm start opens the desktop app",
    };
  }
  const why = r.timedOut ? `it took over ${timeoutMs / 1000} s` : firstReason(r.stderr);
  return {
    installed: false,
    line: `setup: Electron's binary could not be downloaded (${why}); going on without the desktop app: npm start serves it to your browser. Retry: ${RETRY}`,
  };
}

/** The first line of an installer's error that says something (not a stack frame). */
function firstReason(stderr) {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('at '));
  return line ? line.slice(0, 160) : 'the installer failed';
}

function runNode(installer, env, timeoutMs) {
  const r = spawnSync(process.execPath, [installer], { env, encoding: 'utf8', timeout: timeoutMs });
  return { status: r.status, timedOut: r.error?.code === 'ETIMEDOUT', stderr: r.stderr ?? '' };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const installer = createRequire(path.join(root, 'package.json')).resolve('electron/install.js');
  console.log(installElectron({ env: process.env, installer }).line);
}
