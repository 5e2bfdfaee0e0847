/**
 * dependency-cruiser's rules for the import graph of electron/ and renderer/
 * (docs/architecture.md#the-layers-and-what-each-may-import): no circle of files, and — over the graph collapsed to
 * folders (FOLDER) — no folder pair tied both ways.
 * `npm run depcruise` (part of `npm run lint`) checks the file rule, ignoring the circles other packages remove
 * (.dependency-cruiser-known-violations.json); test/unit/layers/dependency-graph.test.ts checks both rules and
 * holds that file equal to its named list.
 */

/** A folder of the graph: electron/<layer>, electron/core/<x>, electron/model/<x>, renderer/<x>. */
export const FOLDER = '^(electron/(?:core|model)/[^/]+|electron/[^/]+|renderer/[^/]+)/';

export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: move the shared type or helper to a file (or folder) below both users.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports count: a circle of types is still a circle between files.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(electron|renderer)/',
    exclude: { path: '\\.d\\.ts$' },
    reporterOptions: { archi: { collapsePattern: FOLDER } },
  },
};
