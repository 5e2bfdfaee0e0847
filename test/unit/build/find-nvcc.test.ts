/**
 * nvcc discovery (scripts/find-nvcc.mjs) against fake CUDA toolkits in temporary folders: each toolkit is a folder
 * with an executable `nvcc` shim that answers `--version` as nvcc does, so the real spawn path is exercised.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import * as script from '../../../scripts/find-nvcc.mjs';

type Found = { nvcc: string; from: string; version: string } | { nvcc: null; searched: string[] };
interface FindOptions {
  env?: Record<string, string>;
  platform?: string;
  wellKnown?: string[];
}
const { findNvcc, nvccCandidates } = script as {
  findNvcc(o: FindOptions): Found;
  nvccCandidates(o: FindOptions): Array<{ file: string; from: string }>;
};

const tmp = mkdtempSync(path.join(os.tmpdir(), 'sb-nvcc-'));

/** A fake toolkit `<tmp>/<name>/bin/nvcc` that prints `release` (or exits 1 when `works` is false). */
function toolkit(name: string, release: string, works = true): string {
  const bin = path.join(tmp, name, 'bin');
  mkdirSync(bin, { recursive: true });
  const nvcc = path.join(bin, 'nvcc');
  writeFileSync(
    nvcc,
    works
      ? `#!/bin/sh\necho "nvcc: NVIDIA (R) Cuda compiler driver"\necho "Cuda compilation tools, release ${release}"\n`
      : '#!/bin/sh\necho "broken" >&2\nexit 1\n',
  );
  chmodSync(nvcc, 0o755);
  return path.join(tmp, name);
}

const empty = path.join(tmp, 'empty-bin');
mkdirSync(empty);

describe.skipIf(process.platform === 'win32')('nvcc discovery with fake toolkits', () => {
  const usrLocal = toolkit('usr-local-cuda', '13.0');
  const home = toolkit('cuda-home', '12.8');
  const cudaPath = toolkit('cuda-path', '12.4');
  const onPath = toolkit('on-path', '13.1');
  const broken = toolkit('broken', '0', false);

  it('finds /usr/local/cuda/bin/nvcc when nvcc is not on PATH (a stock Linux install)', () => {
    const found = findNvcc({ env: { PATH: empty }, wellKnown: [path.join(usrLocal, 'bin')] });
    expect(found).toMatchObject({
      nvcc: path.join(usrLocal, 'bin', 'nvcc'),
      from: path.join(usrLocal, 'bin'),
    });
    expect(found).toMatchObject({ version: expect.stringContaining('release 13.0') });
  });

  it('prefers PATH, then $CUDA_PATH, then $CUDA_HOME, then the well-known folder', () => {
    const wellKnown = [path.join(usrLocal, 'bin')];
    const all = { PATH: `${empty}:${path.join(onPath, 'bin')}`, CUDA_PATH: cudaPath, CUDA_HOME: home };
    expect(findNvcc({ env: all, wellKnown })).toMatchObject({
      from: 'PATH',
      version: expect.stringContaining('13.1'),
    });
    expect(findNvcc({ env: { ...all, PATH: empty }, wellKnown })).toMatchObject({ from: '$CUDA_PATH' });
    expect(findNvcc({ env: { PATH: empty, CUDA_HOME: home }, wellKnown })).toMatchObject({
      from: '$CUDA_HOME',
      nvcc: path.join(home, 'bin', 'nvcc'),
    });
  });

  it('skips an nvcc that does not answer --version and keeps looking', () => {
    const found = findNvcc({
      env: { PATH: path.join(broken, 'bin'), CUDA_HOME: home },
      wellKnown: [],
    });
    expect(found).toMatchObject({ from: '$CUDA_HOME' });
  });

  it('says everywhere it looked when there is no toolkit', () => {
    const found = findNvcc({ env: { PATH: empty }, wellKnown: [path.join(tmp, 'nowhere')] });
    expect(found).toEqual({
      nvcc: null,
      searched: [path.join(empty, 'nvcc'), path.join(tmp, 'nowhere', 'nvcc')],
    });
  });
});

describe('nvcc candidates on Windows', () => {
  it('looks for nvcc.exe on PATH (;-separated) and in %CUDA_PATH%\\bin, not in /usr/local/cuda', () => {
    const list = nvccCandidates({
      platform: 'win32',
      env: { Path: 'C:\\Tools;C:\\Windows', CUDA_PATH: 'C:\\CUDA\\v13.0' },
    });
    expect(list).toEqual([
      { file: 'C:\\Tools\\nvcc.exe', from: 'PATH' },
      { file: 'C:\\Windows\\nvcc.exe', from: 'PATH' },
      { file: 'C:\\CUDA\\v13.0\\bin\\nvcc.exe', from: '$CUDA_PATH' },
    ]);
  });

  it('uses the default well-known folder /usr/local/cuda/bin on Linux', () => {
    expect(nvccCandidates({ platform: 'linux', env: {} })).toEqual([
      { file: '/usr/local/cuda/bin/nvcc', from: '/usr/local/cuda/bin' },
    ]);
  });
});
