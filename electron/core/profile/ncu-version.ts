/**
 * Finding `ncu` and checking its version. The parser reads the CSV of Nsight Compute 2025.3.1
 * (test/fixtures/ncu/h200-2026-12-02); versions before MIN_NCU_VERSION are refused, since their pages and metric
 * names were never checked (docs/profile.md#requirements).
 */
import { execFile } from 'node:child_process';

import { ProfileError } from './profile-error';

export const MIN_NCU_VERSION = [2025, 1] as const;

/** "Version 2025.3.1.0 (build …)" → [2025, 3, 1, 0]; null when the text names no version. */
export function parseNcuVersion(text: string): number[] | null {
  const m = /Version\s+(\d+(?:\.\d+)+)/.exec(text);
  return m?.[1] ? m[1].split('.').map(Number) : null;
}

/** Whether `v` is at least `min` (compared part by part). */
export function atLeast(v: readonly number[], min: readonly number[]): boolean {
  for (let i = 0; i < min.length; i++) {
    const a = v[i] ?? 0;
    const b = min[i] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/**
 * Runs `ncu --version` and returns its version text (e.g. "2025.3.1.0").
 * @throws ProfileError NCU_MISSING (not found or not runnable), NCU_TOO_OLD.
 */
export async function checkNcu(ncu: string, env: NodeJS.ProcessEnv): Promise<string> {
  const out = await new Promise<string>((resolve, reject) => {
    execFile(ncu, ['--version'], { env, timeout: 30_000 }, (err, stdout) => {
      if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') {
        reject(
          new ProfileError(
            'NCU_MISSING',
            `Nsight Compute (ncu) was not found (${ncu}): install it (it comes with the CUDA toolkit, or from ` +
              'https://developer.nvidia.com/nsight-compute), put it on PATH, or give --ncu /path/to/ncu',
          ),
        );
      } else if (err) {
        reject(new ProfileError('NCU_MISSING', `${ncu} --version failed: ${err.message}`));
      } else resolve(stdout);
    });
  });
  const version = parseNcuVersion(out);
  if (!version || !atLeast(version, MIN_NCU_VERSION)) {
    throw new ProfileError(
      'NCU_TOO_OLD',
      `${ncu} is Nsight Compute ${version ? version.join('.') : '(version not recognised)'}; syncbench profile ` +
        `needs ${MIN_NCU_VERSION.join('.')} or newer (its CSV pages are read as 2025.3 writes them): install a ` +
        'newer Nsight Compute and put it on PATH or give --ncu',
    );
  }
  return version.join('.');
}
