/**
 * The self-test's profile step with a fake ncu (test/unit/profile/fake-ncu.ts) answering with the committed H200
 * exports: it passes on the real ranking, fails on a reversed one or a refusal, and is skipped, saying why, without
 * ncu or without the example build.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { gpuChecks } from '../../../electron/core/verify';
import { judgeProfile, profileCheck } from '../../../electron/core/verify/profile-check';
import { fakeBackend } from '../helpers/fake-backend';
import { installFakeNcu } from '../profile/fake-ncu';
import { fixtureProfile } from '../profile/fixtures';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-selftest-profile-'));
const ncu = installFakeNcu(path.join(dir, 'bin'));
const program = path.join(dir, 'block_reduce');
writeFileSync(program, '#!/bin/sh\nexit 0\n');
chmodSync(program, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (mode: string, version = '2025.3.1.0') => ({
  ...process.env,
  FAKE_NCU_MODE: mode,
  FAKE_NCU_VERSION: version,
  FAKE_NCU_ARGS: path.join(dir, 'args.txt'),
  FAKE_NCU_IMPORTS: path.join(dir, 'imports.txt'),
});
const run = (over: { ncu?: string; program?: string; mode?: string; version?: string } = {}) =>
  profileCheck({
    ncu: over.ncu ?? ncu,
    program: over.program ?? program,
    env: env(over.mode ?? 'ok', over.version),
    timeLimitS: 60,
  }).run({ keep: () => undefined });

describe('selftest --gpu: the profile step', () => {
  it('is one of the GPU checks', async () => {
    expect((await gpuChecks(fakeBackend(), null)).map((c) => c.id)).toContain('profile');
  });

  it('passes when the shuffle reduction stalls less at the barrier, with both shares', async () => {
    const outcome = await run();
    expect(outcome.ok).toBe(true);
    expect(outcome.detail).toMatch(/reduce_syncthreads 32\.7 %, reduce_shuffle 28\.3 %/);
    expect(outcome.figures).toMatchObject({ kernels: 2, ncu: '2025.3.1.0' });
  });

  it('fails when the ranking is reversed', () => {
    const profile = fixtureProfile('block_reduce');
    const [a, b] = profile.kernels;
    const swapped = {
      ...profile,
      kernels: [
        { ...a!, name: b!.name },
        { ...b!, name: a!.name },
      ],
    };
    expect(judgeProfile(swapped).ok).toBe(false);
    expect(judgeProfile({ ...profile, kernels: [] })).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/kernels profiled: none/),
    });
  });

  it('is skipped with the reason when ncu is missing or too old', async () => {
    const missing = await run({ ncu: path.join(dir, 'no-such-ncu') });
    expect(missing.ok).toBeNull();
    expect(missing.detail).toMatch(/Nsight Compute \(ncu\) was not found.*: skipped$/);
    const old = await run({ version: '2023.2.0.0' });
    expect(old).toMatchObject({
      ok: null,
      detail: expect.stringMatching(/needs 2025\.1 or newer.*skipped$/),
    });
  });

  it('is skipped when the example is not built, and fails when ncu refuses the counters', async () => {
    const unbuilt = await run({ program: path.join(dir, 'not-built') });
    expect(unbuilt).toMatchObject({ ok: null, detail: expect.stringMatching(/is not built.*skipped$/) });
    const perm = await run({ mode: 'perm' });
    expect(perm.ok).toBe(false);
    expect(perm.detail).toMatch(/NVreg_RestrictProfilingToAdminUsers=0/);
  });
});
