/**
 * Before the end-to-end tests: builds the renderer (so the tests never run stale files) and starts the browser
 * shell with its seeded results folder; the returned function stops it after the last test.
 */
import path from 'node:path';

import { build } from 'vite';

import { publishFixture } from './fixture-info';
import { launchFixture } from './launch-fixture';

export default async function globalSetup(): Promise<() => Promise<void>> {
  await build({
    configFile: path.resolve(import.meta.dirname, '..', '..', 'vite.config.ts'),
    logLevel: 'warn',
  });
  const { info, stop } = await launchFixture();
  publishFixture(info);
  return stop;
}
