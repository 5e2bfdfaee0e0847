/**
 * The built CLI ends by itself once a command has answered: the result-parsing thread (results/parse-pool.ts) keeps
 * the process alive only while a request is pending. A new user saw `advise` print its answer and then hang.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

const CLI = 'dist/cli.js';

describe.runIf(existsSync(CLI))('the built CLI exits when it is done', () => {
  it('advise prints its answer and exits 0 within the time limit', () => {
    const r = spawnSync(
      process.execPath,
      [CLI, 'advise', '--answers', 'docs/examples/advise/grid-sync-normal-launch.json'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.error).toBeUndefined();
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^# Which barrier\?/);
  });
});
