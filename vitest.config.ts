import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  plugins: [vue()],
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/unit/setup-i18n.ts'],
    testTimeout: 60_000,
    // `npm run test:unit -- --coverage`: what the unit tests execute of the TypeScript sources (V8's own counters),
    // as a summary in the terminal and an HTML report in coverage/. No threshold: the figure is shown, not gated.
    coverage: {
      provider: 'v8',
      include: ['electron/**/*.ts', 'renderer/**/*.{ts,vue}'],
      exclude: ['**/*.d.ts'],
      reporter: ['text-summary', 'html'],
      reportsDirectory: 'coverage',
      reportOnFailure: true,
    },
  },
});
