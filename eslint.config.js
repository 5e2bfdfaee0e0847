// ESLint flat config. The import rules keep the layers of docs/architecture.md apart:
// core never imports electron; the renderer never imports Node, Electron or the core's Node-only modules;
// preload only imports electron and the contract.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

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
  {
    files: [
      'electron/core/**/*.ts',
      'electron/cli/**/*.ts',
      'electron/serve/**/*.ts',
      'electron/worker/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'The core, CLI and browser shell run without Electron.' }] },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.vue'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer talks to the contract API only.' }],
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'child_process', 'os'],
              message: 'The renderer never imports Node.',
            },
            {
              group: [
                '**/electron/main/**',
                '**/electron/preload/**',
                '**/electron/serve/**',
                '**/electron/worker/**',
                '**/electron/cli/**',
              ],
              message: 'The renderer talks to the contract API only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/contract/**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*', '!./*'],
              allowTypeImports: true,
              message: 'The contract imports nothing at run time (type imports only).',
            },
          ],
        },
      ],
    },
  },
);
