// ESLint rule `layers/allowed-imports`: a file may import another file of the repository only as the LAYERS
// table of layers.config.js allows. The import is resolved to a path first, so `./main` inside electron/cli is the
// CLI's own main.ts and `../serve/command` is the browser shell, whatever the depth (no-restricted-imports only
// sees the text of the specifier and cannot tell them apart).
import { statSync } from 'node:fs';
import path from 'node:path';

import { LAYERED_ROOTS, LAYERS } from '../layers.config.js';

const toPosix = (p) => p.split(path.sep).join('/');

/** The layer of a repository-relative path (with its extension), or undefined. */
export function layerOf(relPath) {
  return LAYERS.find((layer) =>
    layer.files.some((entry) => (entry.endsWith('/') ? relPath.startsWith(entry) : relPath === entry)),
  );
}

/**
 * The file a relative specifier names: the first of `x`, `x.ts`, `x.vue` and the folder `x`'s `index.ts` that
 * exists, else `x.ts`.
 */
function resolveFile(absBase) {
  const candidates = [absBase, `${absBase}.ts`, `${absBase}.vue`, path.join(absBase, 'index.ts')];
  return (
    candidates.find((c) => statSync(c, { throwIfNoEntry: false })?.isFile()) ??
    (path.extname(absBase) ? absBase : `${absBase}.ts`)
  );
}

const isTypeOnly = (node) => {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  if (node.type === 'ImportDeclaration' && node.specifiers.length > 0) {
    return node.specifiers.every((s) => s.importKind === 'type');
  }
  return node.type === 'TSImportType';
};

const allowedImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the directions between layers that docs/architecture.md allows' },
    schema: [],
    messages: {
      notAllowed:
        'The {{from}} layer may not import {{to}} ({{target}}). {{from}} may import: {{allowed}} (layers.config.js, docs/architecture.md).',
      typesOnly: 'The {{from}} layer may import {{to}} for types only: write `import type` ({{target}}).',
      noLayer:
        '{{file}} is in no layer: add its folder to LAYERS in layers.config.js (docs/architecture.md says which).',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = toPosix(path.relative(root, context.filename));
    const inLayeredRoot = (rel) => LAYERED_ROOTS.some((r) => rel.startsWith(r));
    if (!inLayeredRoot(file)) return {};
    const from = layerOf(file);

    const check = (node, source) => {
      if (!from || typeof source !== 'string' || !source.startsWith('.')) return;
      const target = toPosix(
        path.relative(root, resolveFile(path.resolve(path.dirname(context.filename), source))),
      );
      if (!inLayeredRoot(target)) return;
      const to = layerOf(target);
      if (!to) {
        context.report({ node, messageId: 'noLayer', data: { file: target } });
        return;
      }
      if (to === from || from.mayImport.includes(to.name)) return;
      const data = { from: from.name, to: to.name, target };
      if (from.mayImportTypes.includes(to.name)) {
        if (!isTypeOnly(node)) context.report({ node, messageId: 'typesOnly', data });
        return;
      }
      const allowed = [from.name, ...from.mayImport, ...from.mayImportTypes.map((n) => `${n} (types)`)].join(
        ', ',
      );
      context.report({ node, messageId: 'notAllowed', data: { ...data, allowed } });
    };

    return {
      Program(node) {
        if (!from) context.report({ node, messageId: 'noLayer', data: { file } });
      },
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(node, literal.value);
      },
    };
  },
};

export default { meta: { name: 'layers' }, rules: { 'allowed-imports': allowedImports } };
