// Bundles the TypeScript entry points with esbuild (`node scripts/bundle.mjs cli|electron`):
//   cli       dist/cli.js (electron/bin/syncbench.ts; npm packages stay external, resolved from node_modules) and
//             dist/parse-worker.js (the result-parsing worker thread; one also beside main.js and in .gpu/)
//             dist/export-worker.js (the export worker thread; likewise beside main.js and in .gpu/)
//             dist/worker.js (the measuring process, electron/worker/host.ts; self-contained)
//   electron  dist/electron/main.js (ESM, `electron` external), dist/electron/preload.cjs (CommonJS, as sandboxed
//             preloads must be), dist/worker.js for the desktop's utility process, and dist/package.json (type
//             module) that goes with the worker when electron-builder unpacks it from the asar.
// The native addon (*.node) is never bundled: electron/core/native/load-addon.ts finds it at run time.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

import { nativeSourceHash } from './native-sources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);
const pkg = JSON.parse(readFileSync(at('package.json'), 'utf8'));

function commit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

// Bundled CommonJS dependencies call require() and read __filename/__dirname (proper-lockfile and graceful-fs do); in an ES
// module they have to be made.
const REQUIRE_SHIM =
  "import { createRequire as __syncbenchCreateRequire } from 'node:module';\n" +
  "import { fileURLToPath as __syncbenchFileURLToPath } from 'node:url';\n" +
  'const require = __syncbenchCreateRequire(import.meta.url);\n' +
  'const __filename = __syncbenchFileURLToPath(import.meta.url);\n' +
  "const __dirname = __filename.slice(0, Math.max(__filename.lastIndexOf('/'), __filename.lastIndexOf('\\\\')));";

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'info',
  absWorkingDir: root,
  external: ['*.node'],
  define: {
    __SYNCBENCH_VERSION__: JSON.stringify(pkg.version),
    __SYNCBENCH_COMMIT__: JSON.stringify(commit()),
    // The bundles refuse an addon built from other sources (electron/core/native/load-addon.ts).
    __SYNCBENCH_SOURCE_HASH__: JSON.stringify(nativeSourceHash(root)),
  },
};

// The result-parsing worker thread (electron/core/results/parse-pool.ts), self-contained, beside each bundle that
// uses the library: parse-pool.ts finds it as parse-worker.js next to the bundle.
const parseWorker = (outfile) => ({
  ...common,
  entryPoints: [at('electron/core/results/parse-worker.ts')],
  outfile: at(outfile),
  format: 'esm',
  banner: { js: REQUIRE_SHIM },
});

// The export worker thread (electron/core/service/export-pool.ts), self-contained, beside each bundle that serves
// exports: export-pool.ts finds it as export-worker.js next to the bundle.
const exportWorker = (outfile) => ({
  ...parseWorker(outfile),
  entryPoints: [at('electron/core/service/export-worker.ts')],
});

const worker = {
  ...common,
  entryPoints: [at('electron/worker/host.ts')],
  outfile: at('dist/worker.js'),
  format: 'esm',
  banner: { js: REQUIRE_SHIM },
};

function cliBuilds() {
  const entry = ['electron/bin/syncbench.ts', 'electron/cli/main.ts'].map(at).find((p) => existsSync(p));
  const builds = [worker, parseWorker('dist/parse-worker.js'), exportWorker('dist/export-worker.js')];
  if (entry) {
    builds.push({
      ...common,
      entryPoints: [entry],
      outfile: at('dist/cli.js'),
      format: 'esm',
      packages: 'external',
      banner: { js: `#!/usr/bin/env node\n${REQUIRE_SHIM}` },
    });
  } else {
    console.warn('bundle: electron/bin/syncbench.ts is not there yet; only dist/worker.js is built.');
  }
  return builds;
}

function electronBuilds() {
  return [
    worker,
    parseWorker('dist/electron/parse-worker.js'),
    exportWorker('dist/electron/export-worker.js'),
    {
      ...common,
      entryPoints: [at('electron/bin/desktop.ts')],
      outfile: at('dist/electron/main.js'),
      format: 'esm',
      external: [...common.external, 'electron'],
      banner: { js: REQUIRE_SHIM },
    },
    {
      ...common,
      entryPoints: [at('electron/preload/index.ts')],
      outfile: at('dist/electron/preload.cjs'),
      format: 'cjs',
      external: ['electron'],
    },
  ];
}

// gpu: a self-contained CLI and measuring process for a GPU host that has no node_modules (only a portable Node):
// .gpu/cli.mjs, .gpu/worker.js and the browser-shell driver .gpu/drive-serve.mjs (see docs/gpu-host.md).
function gpuBuilds() {
  return [
    { ...worker, outfile: at('.gpu/worker.js'), sourcemap: false },
    { ...parseWorker('.gpu/parse-worker.js'), sourcemap: false },
    { ...exportWorker('.gpu/export-worker.js'), sourcemap: false },
    {
      ...common,
      entryPoints: [at('electron/bin/syncbench.ts')],
      outfile: at('.gpu/cli.mjs'),
      // Figures (export --format png|svg) need @napi-rs/canvas's native package, which a GPU host without
      // node_modules lacks; the CLI loads it only when drawing one.
      external: [...common.external, '@napi-rs/canvas'],
      sourcemap: false,
      format: 'esm',
      banner: { js: REQUIRE_SHIM },
    },
    {
      ...common,
      entryPoints: [at('bench/drive-serve.ts')],
      outfile: at('.gpu/drive-serve.mjs'),
      sourcemap: false,
      format: 'esm',
      banner: { js: REQUIRE_SHIM },
    },
  ];
}

const targets = { cli: cliBuilds, electron: electronBuilds, gpu: gpuBuilds };
const target = process.argv[2];
if (!(target in targets)) {
  console.error(`usage: node scripts/bundle.mjs ${Object.keys(targets).join('|')}`);
  process.exit(2);
}
await Promise.all(targets[target]().map((options) => build(options)));
if (target === 'electron') {
  // The packaged app runs dist/worker.js from app.asar.unpacked/, outside the asar's package.json: this one keeps
  // it an ES module there (electron-builder unpacks it with the worker).
  mkdirSync(at('dist'), { recursive: true });
  writeFileSync(at('dist/package.json'), `${JSON.stringify({ type: 'module' })}\n`);
}
