// The layers of docs/architecture.md as data: which folder belongs to which layer, what each layer may import,
// and which part of the core is browser-safe. eslint.config.js turns this table into lint rules
// (eslint/layers-plugin.js for directions between folders; no-restricted-imports and no-restricted-globals for
// Node, Electron and Node globals); test/unit/layers/ proves that each rule fires.
import { builtinModules } from 'node:module';

/**
 * The browser-safe part of the core: everything the renderer reaches in electron/core, at run time or for types.
 * A folder entry ends with '/', a file entry names the .ts file. Node is banned here by lint, and tsconfig.web.json
 * type-checks the files the renderer reaches without Node types. test/unit/layers/browser-safe.test.ts fails when the renderer
 * reaches a core file that is not listed.
 */
export const BROWSER_SAFE_CORE = [
  'electron/core/compare/columns.ts',
  'electron/core/compare/compare.ts',
  'electron/core/compare/differences.ts',
  'electron/core/compare/verdict.ts',
  'electron/core/methods/',
  'electron/core/modes/',
  'electron/core/multi-gpu/',
  'electron/core/decide/advice-prose.ts',
  'electron/core/decide/answers.ts',
  'electron/core/decide/conditions.ts',
  'electron/core/decide/costs.ts',
  'electron/core/decide/engine-walk.ts',
  'electron/core/decide/engine.ts',
  'electron/core/decide/errors.ts',
  'electron/core/decide/figures.ts',
  'electron/core/decide/lab-placement.ts',
  'electron/core/decide/lab.ts',
  'electron/core/decide/launch-text.ts',
  'electron/core/decide/markdown.ts',
  'electron/core/decide/migrate.ts',
  'electron/core/decide/price-text.ts',
  'electron/core/decide/table-prices-check.ts',
  'electron/core/decide/table-schema.ts',
  'electron/core/decide/types.ts',
  'electron/core/decide/work-units.ts',
  'electron/core/format/columns.ts',
  'electron/core/format/run-line.ts',
  'electron/core/measure/backend.ts',
  'electron/core/measure/plan-error.ts',
  'electron/core/measure/resolution.ts',
  'electron/core/measure/stats.ts',
  'electron/core/native/addon-types.ts',
  'electron/core/report/data.ts',
  'electron/core/results/schema.ts',
  'electron/core/results/size-text.ts',
  'electron/core/text/',
  'electron/core/verify/sanitizer-targets.ts',
];

/**
 * The figure pipeline: chart models, number formats and the texts they use, with no Vue and no Pinia. The renderer
 * draws them on screen; the CLI's `export --format png|svg` draws the same configurations on a Node canvas
 * (electron/cli/figure-image.ts), so a figure from a headless GPU host equals the app's.
 */
export const FIGURE_PIPELINE = [
  'renderer/charts/',
  'renderer/components/compare/overlay-chart.ts',
  'renderer/format/numbers.ts',
  'renderer/i18n/locale.ts',
  'renderer/i18n/messages/',
  'renderer/i18n/translate.ts',
  'renderer/stores/settings-storage.ts',
];

/**
 * Every layer of the TypeScript side, in the order a file is classified (first match wins: the browser-safe core
 * before the rest of the core). `files`: folders ('/' at the end) or files. `mayImport`: the layers whose files
 * this layer may import at run time (its own layer is always allowed). `mayImportTypes`: layers it may import
 * with `import type` only. `typeImportsOnly`: nothing at all at run time, packages included. `platform`: 'browser' (no Node built-ins, no Node globals, no Electron), 'node' (no
 * Electron) or 'electron'.
 */
export const LAYERS = [
  {
    name: 'contract',
    files: ['electron/contract/'],
    mayImport: [],
    mayImportTypes: ['browser-safe core'],
    typeImportsOnly: true,
    platform: 'browser',
    what: 'the one typed API between the shells and the renderer; imports types only',
  },
  {
    name: 'browser-safe core',
    files: BROWSER_SAFE_CORE,
    mayImport: ['contract'],
    mayImportTypes: [],
    platform: 'browser',
    what: 'the part of the core the renderer runs: modes, statistics, compare, decide, methods',
  },
  {
    name: 'core',
    files: ['electron/core/'],
    mayImport: ['browser-safe core', 'contract'],
    mayImportTypes: [],
    platform: 'node',
    what: 'plans, runs, result files, formats, the service every shell wraps',
  },
  {
    name: 'worker',
    files: ['electron/worker/'],
    mayImport: ['core', 'browser-safe core', 'contract'],
    mayImportTypes: [],
    platform: 'node',
    what: 'the measuring process (dist/worker.js) and the supervisor the shells start it with',
  },
  {
    name: 'main',
    files: ['electron/main/'],
    mayImport: ['worker', 'core', 'browser-safe core', 'contract'],
    mayImportTypes: [],
    platform: 'electron',
    what: 'the desktop shell (Electron main process)',
  },
  {
    name: 'preload',
    files: ['electron/preload/'],
    mayImport: ['contract'],
    mayImportTypes: [],
    platform: 'electron',
    what: "the desktop shell's bridge: the contract API on window, nothing else",
  },
  {
    name: 'cli',
    files: ['electron/cli/'],
    mayImport: ['figures', 'worker', 'core', 'browser-safe core', 'contract'],
    mayImportTypes: [],
    platform: 'node',
    what: 'the syncbench commands',
  },
  {
    name: 'serve',
    files: ['electron/serve/'],
    mayImport: ['worker', 'core', 'browser-safe core', 'contract'],
    mayImportTypes: [],
    platform: 'node',
    what: 'the browser shell (fastify + WebSocket)',
  },
  {
    name: 'desktop bin',
    files: ['electron/bin/desktop.ts', 'electron/bin/cli-in-app.ts'],
    mayImport: ['main', 'cli', 'serve', 'worker', 'core', 'browser-safe core', 'contract'],
    mayImportTypes: [],
    platform: 'electron',
    what: "the desktop app's entry: the desktop shell, or the CLI (with `serve`) inside the app binary",
  },
  {
    name: 'bin',
    files: ['electron/bin/'],
    mayImport: ['cli', 'serve', 'worker', 'core', 'browser-safe core', 'contract'],
    mayImportTypes: [],
    platform: 'node',
    what: 'executables that put shells together (syncbench = the CLI + `syncbench serve`)',
  },
  {
    name: 'figures',
    files: FIGURE_PIPELINE,
    mayImport: ['browser-safe core', 'contract'],
    mayImportTypes: [],
    platform: 'browser',
    what: 'chart models, number formats and their texts, shared by the renderer and the CLI export',
  },
  {
    name: 'renderer',
    files: ['renderer/'],
    mayImport: ['figures', 'browser-safe core', 'contract'],
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
