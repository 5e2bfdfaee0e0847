import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in real headless Chromium (Debian's, not a downloaded one) against the browser shell started by
 * test/e2e/global-setup.ts. One worker: the host runs one run at a time. Screenshots of every test land in
 * test-results/.
 */
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  globalSetup: './test/e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    viewport: { width: 1280, height: 800 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
