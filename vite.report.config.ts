import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VUE_I18N_FLAGS } from './scripts/vue-i18n-flags.mjs';

/**
 * The HTML report's page (renderer/report) -> dist/report/report.js (one classic script, no imports: it is inlined
 * into each report under a hash-only CSP) and dist/report/report.css. electron/core/report reads both.
 */
export default defineConfig({
  publicDir: false,
  define: VUE_I18N_FLAGS,
  build: {
    outDir: fileURLToPath(new URL('./dist/report', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    lib: {
      entry: fileURLToPath(new URL('./renderer/report/main.ts', import.meta.url)),
      formats: ['iife'],
      name: 'SyncbenchReport',
      fileName: () => 'report.js',
      cssFileName: 'report',
    },
  },
});
