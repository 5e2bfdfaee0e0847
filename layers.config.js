// The layers of docs/architecture.md as data: which folder belongs to which layer, what each layer may import
// (other layers, and which npm packages at run time). eslint.config.js turns this table into lint rules
// (eslint/layers-plugin.js for directions between folders; no-restricted-imports and no-restricted-globals for
// Node, Electron and Node globals); test/unit/layers/ proves that each rule fires.
import { builtinModules } from 'node:module';

/**
 * Every layer of the TypeScript side, in the order a file is classified (first match wins). `files`: folders ('/' at
 * the end) or files. `packages`: the npm packages its files may import at run time (type-only imports of any package
 * stay allowed; Node built-ins and Electron follow the platform). `mayImport`: the layers whose files this layer may
 * import at run time (its own layer is always allowed). `mayImportTypes`: layers it may import with `import type`
 * only. `typeImportsOnly`: nothing at all at run time, packages included. `platform`: 'browser' (no Node built-ins,
 * no Node globals, no Electron), 'node' (no Electron) or 'electron'.
 */
export const LAYERS = [
  {
    name: 'contract',
    files: ['electron/contract/'],
    packages: [],
    mayImport: [],
    mayImportTypes: [],
    typeImportsOnly: true,
    platform: 'browser',
    what: 'the one typed API between the shells and the renderer; imports types only',
  },
  {
    name: 'model',
    files: ['electron/model/'],
    packages: ['zod', 'simple-statistics'],
    mayImport: ['contract'],
    mayImportTypes: [],
    platform: 'browser',
    what: 'data, rules and words with no platform: modes, statistics, compare, decide, methods, the result schema, every catalogue of words',
  },
  {
    name: 'core',
    files: ['electron/core/'],
    packages: [
      'zod',
      'simple-statistics',
      'cli-table3',
      'csv-parse',
      'csv-stringify',
      'markdown-it',
      'markdown-table',
      'proper-lockfile',
      'string-width',
    ],
    mayImport: ['model', 'contract'],
    mayImportTypes: [],
    platform: 'node',
    what: 'plans, runs, result files, formats, the service every shell wraps',
  },
  {
    name: 'worker',
    files: ['electron/worker/'],
    packages: [],
    mayImport: ['core', 'model', 'contract'],
    mayImportTypes: [],
    platform: 'node',
    what: 'the measuring process (dist/worker.js) and the supervisor the shells start it with',
  },
  {
    name: 'main',
    files: ['electron/main/'],
    packages: ['electron', 'electron-window-state'],
    mayImport: ['worker', 'core', 'model', 'contract'],
    mayImportTypes: [],
    platform: 'electron',
    what: 'the desktop shell (Electron main process)',
  },
  {
    name: 'preload',
    files: ['electron/preload/'],
    packages: ['electron'],
    mayImport: ['contract'],
    mayImportTypes: [],
    platform: 'electron',
    what: "the desktop shell's bridge: the contract API on window, nothing else",
  },
  {
    name: 'cli',
    files: ['electron/cli/'],
    packages: ['chart.js', 'cli-progress', 'commander', '@napi-rs/canvas'],
    mayImport: ['figures', 'worker', 'core', 'model', 'contract'],
    mayImportTypes: [],
    platform: 'node',
    what: 'the syncbench commands',
  },
  {
    name: 'serve',
    files: ['electron/serve/'],
    packages: ['fastify', '@fastify/compress', '@fastify/static', '@fastify/websocket'],
    mayImport: ['worker', 'core', 'model', 'contract'],
    mayImportTypes: [],
    platform: 'node',
    what: 'the browser shell (fastify + WebSocket)',
  },
  {
    name: 'desktop bin',
    files: ['electron/bin/desktop.ts', 'electron/bin/cli-in-app.ts'],
    packages: ['electron'],
    mayImport: ['main', 'cli', 'serve', 'worker', 'core', 'model', 'contract'],
    mayImportTypes: [],
    platform: 'electron',
    what: "the desktop app's entry: the desktop shell, or the CLI (with `serve`) inside the app binary",
  },
  {
    name: 'bin',
    files: ['electron/bin/'],
    packages: [],
    mayImport: ['cli', 'serve', 'worker', 'core', 'model', 'contract'],
    mayImportTypes: [],
    platform: 'node',
    what: 'executables that put shells together (syncbench = the CLI + `syncbench serve`)',
  },
  {
    name: 'figures',
    files: ['renderer/figures/'],
    packages: ['chart.js', 'chartjs-chart-error-bars'],
    mayImport: ['model', 'contract'],
    mayImportTypes: [],
    platform: 'browser',
    what: 'chart models, number formats and their texts, shared by the renderer and the CLI export',
  },
  {
    name: 'renderer',
    files: ['renderer/'],
    packages: ['vue', 'vue-router', 'vue-i18n', 'pinia', 'chart.js', 'chartjs-chart-error-bars', 'svgcanvas'],
    mayImport: ['figures', 'model', 'contract'],
    mayImportTypes: [],
    platform: 'browser',
    what: 'the Vue views; talks to the contract API only',
  },
];

/** Folders whose every file must belong to a layer (a new folder there needs a row above). */
export const LAYERED_ROOTS = ['electron/', 'renderer/'];

/** ESLint `files` globs for a layer's entries. */
export function layerGlobs(entries) {
  return entries.flatMap((e) => (e.endsWith('/') ? [`${e}**/*.ts`, `${e}**/*.vue`] : [e]));
}

/** Node's built-in modules, with and without the `node:` prefix (Node's own list, module.builtinModules). */
export const NODE_BUILTINS = [
  ...new Set(builtinModules.flatMap((m) => [m, `node:${m.replace(/^node:/, '')}`])),
];

/** Node's globals that do not exist in a browser. */
export const NODE_GLOBALS = [
  'process',
  'Buffer',
  '__dirname',
  '__filename',
  'require',
  'global',
  'module',
  'exports',
];
