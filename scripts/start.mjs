// `npm start`: the desktop app (`electron .`, main = dist/electron/main.js) when Electron's binary is installed and
// there is a display; otherwise one line saying why, then the browser shell (`node dist/cli.js serve`), which
// prints its URL. Arguments after `npm start --` go to `syncbench serve` (e.g. --port 9000).
// SYNCBENCH_SHELL=browser forces the browser shell.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Electron's executable from the `electron` package (a path string), or why there is none. */
function electronBinary() {
  try {
    const binary = createRequire(import.meta.url)('electron');
    if (typeof binary === 'string' && existsSync(binary)) return { binary };
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
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return { shell: 'browser', why: 'there is no display ($DISPLAY and $WAYLAND_DISPLAY are unset)' };
  }
  return { shell: 'desktop', binary: found.binary };
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function need(file, script) {
  if (existsSync(path.join(root, file))) return true;
  console.error(`start: ${file} is missing; run \`npm run build\` (or \`npm run ${script}\`) first.`);
  process.exitCode = 1;
  return false;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const choice = pickShell();
  if (choice.shell === 'desktop') {
    if (need('dist/electron/main.js', 'build:electron')) run(choice.binary, ['.', ...process.argv.slice(2)]);
  } else {
    console.log(`Starting the browser shell instead of the desktop app: ${choice.why}.`);
    if (need('dist/cli.js', 'build:cli'))
      run(process.execPath, ['dist/cli.js', 'serve', ...process.argv.slice(2)]);
  }
}
