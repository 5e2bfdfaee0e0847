import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VUE_I18N_FLAGS } from './scripts/vue-i18n-flags.mjs';
import vue from '@vitejs/plugin-vue';

/**
 * The renderer build: `renderer/` -> `dist/renderer`, relative asset URLs (`base: './'`) so the same files load from
 * file:// in Electron and from the browser shell's server. No inline scripts, no eval: the page runs under a strict
 * CSP (renderer/index.html).
 */
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [vue()],
  define: VUE_I18N_FLAGS,
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    target: 'es2022',
  },
});
