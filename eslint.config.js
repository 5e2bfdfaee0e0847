// ESLint flat config. The import rules keep the layers of docs/architecture.md apart; the table they come from
// is layers.config.js (which folder is which layer, which layers and npm packages it may import).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

import layers from './eslint/layers-plugin.js';
import { LAYERED_ROOTS, LAYERS, NODE_BUILTINS, NODE_GLOBALS, layerGlobs } from './layers.config.js';

const NO_ELECTRON = {
  name: 'electron',
  message: 'Only the desktop shell (electron/main, electron/preload) imports Electron.',
};

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of a package import the layer does not list (relative paths, Node and Electron have rules of their own). */
function unlistedPackage(layer) {
  const allowed = [...NODE_BUILTINS, 'electron', ...layer.packages].map(escapeRegex).join('|');
  return {
    regex: `^(?!\\.|node:|(?:${allowed})(?:/|$))`,
    allowTypeImports: true,
    message: `The ${layer.name} layer may import only these npm packages: ${layer.packages.join(', ') || 'none'} (layers.config.js).`,
  };
}

/** In a browser layer: Node reached without a static import (a dynamic import, or globalThis.process and the like). */
function hiddenNode(layer) {
  const message = `The ${layer.name} layer runs in a browser: no Node.`;
  const names = NODE_BUILTINS.filter((name) => !name.startsWith('node:') && !name.includes('/'))
    .map(escapeRegex)
    .join('|');
  return [
    'error',
    { selector: `ImportExpression > Literal[value=/^(node:|(${names})(\\/|$))/]`, message },
    {
      selector: `MemberExpression[object.name='globalThis'][property.name=/^(${NODE_GLOBALS.join('|')})$/]`,
      message,
    },
  ];
}

/**
 * One config object per layer, banning what its platform lacks: in a browser layer Node built-ins (static or
 * dynamic), Node globals (bare or through globalThis) and Electron (and the browser's globals are declared); in a
 * Node layer Electron. Every layer may import at run time only the npm packages its row lists. A file is in the first layer that
 * lists it, so later layers ignore the files of earlier ones (flat config would otherwise let the later
 * no-restricted-imports replace the earlier). The directions between layers are one rule for every file, below.
 */
function layerConfigs() {
  const claimed = [];
  return LAYERS.map((layer) => {
    const files = layerGlobs(layer.files);
    const ignores = [...claimed];
    claimed.push(...files);
    const browser = layer.platform === 'browser';
    const restricted = {
      paths: [
        ...(layer.platform === 'electron' ? [] : [NO_ELECTRON]),
        ...(browser
          ? NODE_BUILTINS.map((name) => ({
              name,
              message: `The ${layer.name} layer runs in a browser: no Node.`,
            }))
          : []),
      ],
      patterns: [
        ...(browser
          ? [{ group: ['node:*'], message: `The ${layer.name} layer runs in a browser: no Node.` }]
          : []),
        ...(layer.typeImportsOnly
          ? [
              {
                group: ['*'],
                allowTypeImports: true,
                message: `The ${layer.name} imports nothing at run time: use \`import type\`.`,
              },
            ]
          : [unlistedPackage(layer)]),
      ],
    };
    return {
      files,
      ignores,
      ...(browser ? { languageOptions: { globals: { ...globals.browser } } } : {}),
      rules: {
        'no-restricted-imports': ['error', restricted],
        'no-restricted-globals': browser
          ? [
              'error',
              ...NODE_GLOBALS.map((name) => ({
                name,
                message: `The ${layer.name} layer runs in a browser: no Node globals.`,
              })),
            ]
          : 'off',
        'no-restricted-syntax': browser ? hiddenNode(layer) : 'off',
      },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'native/build/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.gpu/**',
      'release/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  // Every file under electron/ and renderer/ is checked, so one in a folder that no layer lists is reported.
  { files: layerGlobs(LAYERED_ROOTS), plugins: { layers }, rules: { 'layers/allowed-imports': 'error' } },
  ...layerConfigs(),
  {
    files: ['electron/contract/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports' }] },
  },
  // Short units (CONTRIBUTING.md#short-units): a file over 400 lines or a function over 80 does more than one job.
  // The word catalogues are tables of data; a test file's describe blocks are not units, so tests get only a
  // longer file limit.
  {
    files: ['electron/**/*.ts', 'renderer/**/*.{ts,vue}', 'scripts/**/*.{ts,mjs}', 'bench/**/*.ts'],
    ignores: ['electron/model/words/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 800, skipBlankLines: false, skipComments: false }] },
  },
);
