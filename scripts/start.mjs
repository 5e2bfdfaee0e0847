// `npm start`: the desktop app (`electron .`, main = dist/electron/main.js) when Electron's binary is installed and
// there is a display; otherwise one line saying why, then the browser shell (`node dist/cli.js serve`), which
// prints its URL; on a machine with a display the page then opens in the user's browser (the `open` package),
// unless `npm start -- --no-open`. Other arguments after `npm start --` go to `syncbench serve` (e.g. --port 9000).
// SYNCBENCH_SHELL=browser forces the browser shell.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { RETRY } from './install-electron.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Electron's executable from the `electron` package (which exports its binary's path as a string), or why there is
 * none.
 * @param {(name: string) => unknown} [requireElectron] default: Node's require from this file (injectable for tests)
 * @param {(file: string) => boolean} [exists] default: existsSync
 * @returns {{ binary?: string, why?: string }}
 */
export function electronBinary(requireElectron = createRequire(import.meta.url), exists = existsSync) {
  try {
    const binary = requireElectron('electron');
    if (typeof binary === 'string' && exists(binary)) return { binary };
    return { why: `Electron's binary is not installed (${binary} is missing)` };
  } catch {
    return { why: "Electron's binary is not installed (the electron package has no downloaded binary)" };
  }
}

/**
 * Which shell to start: `{ shell: 'desktop', binary }` or `{ shell: 'browser', why }`.
 * @param {{ env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, findElectron?: () => { binary?: string, why?: string } }} [o]
 */
export function pickShell(o = {}) {
  const env = o.env ?? process.env;
  const platform = o.platform ?? process.platform;
  if (env.SYNCBENCH_SHELL === 'browser') return { shell: 'browser', why: 'SYNCBENCH_SHELL=browser' };
  const found = (o.findElectron ?? electronBinary)();
  if (!found.binary) return { shell: 'browser', why: found.why };
  if (!hasDisplay(env, platform)) {
    return { shell: 'browser', why: 'there is no display ($DISPLAY and $WAYLAND_DISPLAY are unset)' };
  }
  return { shell: 'desktop', binary: found.binary };
}

/** Whether this machine has a display to open a browser on (Linux: $DISPLAY or $WAYLAND_DISPLAY). */
export function hasDisplay(env = process.env, platform = process.platform) {
  return platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The page URL in a line the browser shell prints ("Sync Workbench is serving at http://127.0.0.1:8420/?token=…"). */
export function servedUrl(line) {
  const m = /serving at (http:\/\/\S+)/.exec(line);
  return m ? m[1] : null;
}

/**
 * Starts a child with the terminal's input; its output passes through, and `onLine` sees each stdout line.
 * @param {string} command @param {string[]} args @param {(line: string) => void} [onLine]
 */
function run(command, args, onLine) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['inherit', onLine ? 'pipe' : 'inherit', 'inherit'],
  });
  if (onLine && child.stdout) {
    let rest = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * A line watcher that opens the page in the user's browser once the browser shell prints its URL (once), and says
 * so, or why it could not.
 * @param {(url: string) => Promise<unknown>} [openUrl] default: the `open` package
 * @param {(line: string) => void} [say] default: console.log
 * @returns {(line: string) => Promise<void> | undefined}
 */
export function openWhenServed(openUrl = openInBrowser, say = console.log) {
  let opened = false;
  return (line) => {
    const url = opened ? null : servedUrl(line);
    if (!url) return undefined;
    opened = true;
    return openUrl(url).then(
      () => say('Opened the page in your browser (npm start -- --no-open does not).'),
      (e) => say(`Could not open a browser (${e instanceof Error ? e.message : e}); open the URL above.`),
    );
  };
}

async function openInBrowser(url) {
  const { default: open } = await import('open');
  await open(url);
}

function need(file, script) {
  if (existsSync(path.join(root, file))) return true;
  console.error(`start: ${file} is missing; run \`npm run build\` (or \`npm run ${script}\`) first.`);
  process.exitCode = 1;
  return false;
}

/**
 * What `npm start` runs for a choice of `pickShell`: the desktop app (`<electron> . <args>`) or the browser shell
 * (`node dist/cli.js serve <args>` without `--no-open`), the bundle it needs, the line it prints first (browser only)
 * and whether the page is opened in the user's browser (a display and no `--no-open`).
 * @param {{ shell: 'desktop', binary: string } | { shell: 'browser', why: string }} choice
 * @param {string[]} args the arguments after `npm start --`
 * @param {{ env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform, node?: string }} [o]
 * @returns {{ command: string, args: string[], needs: string, script: string, line: string | null, open: boolean }}
 */
export function startCommand(choice, args, o = {}) {
  if (choice.shell === 'desktop') {
    return {
      command: choice.binary,
      args: ['.', ...args],
      needs: 'dist/electron/main.js',
      script: 'build:electron',
      line: null,
      open: false,
    };
  }
  // Without the binary, say how to get it (the command scripts/install-electron.mjs also prints).
  const retry = /binary is not installed/.test(choice.why) ? ` To get the desktop app: ${RETRY}` : '';
  return {
    command: o.node ?? process.execPath,
    args: ['dist/cli.js', 'serve', ...args.filter((a) => a !== '--no-open')],
    needs: 'dist/cli.js',
    script: 'build:cli',
    line: `Starting the browser shell instead of the desktop app: ${choice.why}.${retry}`,
    open: hasDisplay(o.env ?? process.env, o.platform ?? process.platform) && !args.includes('--no-open'),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const start = startCommand(pickShell(), process.argv.slice(2));
  if (start.line) console.log(start.line);
  if (need(start.needs, start.script))
    run(start.command, start.args, start.open ? openWhenServed() : undefined);
}
