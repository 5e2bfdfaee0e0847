/**
 * Runs serve-fixture.ts in a child process (through tsx) and resolves with its FixtureInfo once it listens.
 * Used by the end-to-end tests' global setup and by bench/renderer.mjs.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

import type { FixtureInfo } from './fixture-info';

/** Starts the fixture server with extra arguments (e.g. ['--sweep-points', '1000']); `stop` ends it. */
export function launchFixture(
  args: string[] = [],
): Promise<{ info: FixtureInfo; stop: () => Promise<void> }> {
  const script = path.join(import.meta.dirname, 'serve-fixture.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const orphan = () => child.kill('SIGTERM');
  process.once('exit', orphan);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve-fixture exited (code ${code}) before listening`)));
    createInterface({ input: child.stdout }).once('line', (line) => {
      const stop = async () => {
        process.off('exit', orphan);
        child.kill('SIGTERM');
        await exited;
      };
      resolve({ info: JSON.parse(line) as FixtureInfo, stop });
    });
  });
}
