/**
 * The app's name, version and commit, stamped into every result file. The bundler (scripts/bundle.mjs) defines
 * `__SYNCBENCH_VERSION__` and `__SYNCBENCH_COMMIT__`; unbundled runs (tests, tsx) read package.json and report
 * the commit as "dev".
 */
import { readFileSync } from 'node:fs';

declare const __SYNCBENCH_VERSION__: string | undefined;
declare const __SYNCBENCH_COMMIT__: string | undefined;

function packageVersion(): string {
  try {
    const url = new URL('../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export const APP_NAME = 'Sync Workbench';
export const APP_VERSION: string =
  typeof __SYNCBENCH_VERSION__ === 'string' ? __SYNCBENCH_VERSION__ : packageVersion();
export const APP_COMMIT: string = typeof __SYNCBENCH_COMMIT__ === 'string' ? __SYNCBENCH_COMMIT__ : 'dev';
