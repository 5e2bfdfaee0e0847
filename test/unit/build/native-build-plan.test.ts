/**
 * What `npm run build:native` decides (scripts/native-build-plan.mjs): how it calls cmake-js when nvcc was found
 * (no npx, configured every time with the source hash and nvcc), and what it does to an existing addon when nvcc
 * is missing (a stale one is removed rather than shipped).
 */
import { describe, expect, it } from 'vitest';

import * as script from '../../../scripts/native-build-plan.mjs';

type Plan =
  | { kind: 'skip'; removeStale: boolean; messages: string[] }
  | { kind: 'build'; nvcc: string; steps: string[][]; env: Record<string, string>; messages: string[] };
const { planNativeBuild, chooseArchitectures } = script as {
  planNativeBuild(o: Record<string, unknown>): Plan;
  chooseArchitectures(o: Record<string, unknown>): { architectures: string; message: string };
};

const HASH = 'a'.repeat(64);
const none = { nvcc: null, searched: ['/usr/bin/nvcc', '/usr/local/cuda/bin/nvcc'] };
const skip = (addonHash: string | null | undefined) =>
  planNativeBuild({
    found: none,
    sourceHash: HASH,
    addonHash,
    env: {},
    addonPath: 'native/build/Release/syncbench.node',
  });

describe('build:native without nvcc', () => {
  it('removes an addon built from other sources, or from before the source hash, and says so', () => {
    for (const stale of ['b'.repeat(64), null]) {
      const plan = skip(stale);
      expect(plan).toMatchObject({ kind: 'skip', removeStale: true });
      expect(plan.messages[0]).toMatch(
        /removed native\/build\/Release\/syncbench\.node: it was built from other sources/,
      );
    }
  });

  it('keeps an addon built from these sources, and says where it looked for nvcc', () => {
    expect(skip(HASH)).toMatchObject({ kind: 'skip', removeStale: false });
    expect(skip(undefined)).toMatchObject({ kind: 'skip', removeStale: false });
    expect(skip(undefined).messages).toEqual([
      expect.stringContaining('looked in: /usr/bin/nvcc, /usr/local/cuda/bin/nvcc'),
    ]);
  });
});

describe('build:native with nvcc found outside PATH', () => {
  const found = { nvcc: '/usr/local/cuda/bin/nvcc', from: '/usr/local/cuda/bin' };

  it('configures with nvcc and the source hash, then builds, with nvcc first on PATH', () => {
    const plan = planNativeBuild({
      found,
      sourceHash: HASH,
      addonHash: undefined,
      env: { PATH: '/usr/bin:/bin', SYNCBENCH_CUDA_ARCHITECTURES: '90' },
      addonPath: 'x',
      platform: 'linux',
    });
    expect(plan).toEqual({
      kind: 'build',
      nvcc: '/usr/local/cuda/bin/nvcc',
      steps: [
        [
          'configure',
          '--CDCMAKE_BUILD_TYPE=Release',
          '--CDCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc',
          `--CDSYNCBENCH_SOURCE_HASH=${HASH}`,
          '--CDCMAKE_CUDA_ARCHITECTURES=90',
          '-O',
          'native/build',
        ],
        ['build', '-O', 'native/build'],
      ],
      env: {
        PATH: '/usr/local/cuda/bin:/usr/bin:/bin',
        SYNCBENCH_CUDA_ARCHITECTURES: '90',
        CUDACXX: '/usr/local/cuda/bin/nvcc',
      },
      messages: [
        'build:native: using /usr/local/cuda/bin/nvcc (found via /usr/local/cuda/bin)',
        'build:native: architectures 90 (SYNCBENCH_CUDA_ARCHITECTURES)',
      ],
    });
  });

  it("on Windows keeps the variable's own name (Path) and ; as the separator", () => {
    const plan = planNativeBuild({
      found: { nvcc: 'C:\\CUDA\\v13.0\\bin\\nvcc.exe', from: '$CUDA_PATH' },
      sourceHash: HASH,
      addonHash: undefined,
      env: { Path: 'C:\\Windows' },
      addonPath: 'x',
      platform: 'win32',
    });
    expect(plan.kind === 'build' && plan.env).toEqual({
      Path: 'C:\\CUDA\\v13.0\\bin;C:\\Windows',
      CUDACXX: 'C:\\CUDA\\v13.0\\bin\\nvcc.exe',
    });
    expect(plan.kind === 'build' && plan.steps[0]).toContain('--CDCMAKE_CUDA_ARCHITECTURES=90');
  });
});

describe('build:native architectures', () => {
  const arch = (o: Record<string, unknown>) => chooseArchitectures({ env: {}, ...o });

  it("builds for this machine's GPUs (machine code plus PTX), and says how to build every one", () => {
    const one = arch({ gpuComputeCaps: ['9.0'] });
    expect(one.architectures).toBe('90');
    expect(one.message).toMatch(/compute capability 9\.0: sm_90 plus PTX/);
    expect(one.message).toMatch(/SYNCBENCH_CUDA_ARCHITECTURES=all/);
    expect(arch({ gpuComputeCaps: ['9.0', '8.0', '9.0', 'garbage'] }).architectures).toBe('90;80');
  });

  it('builds every architecture for packaging, in CI, and when asked; without a GPU one, to check it compiles', () => {
    expect(arch({ gpuComputeCaps: ['9.0'], allArchitectures: true })).toMatchObject({
      architectures: 'all',
      message: expect.stringContaining('for packaging'),
    });
    expect(arch({ gpuComputeCaps: ['9.0'], env: { CI: 'true' } }).architectures).toBe('all');
    const none = arch({ gpuComputeCaps: [] });
    expect(none.architectures).toBe('90');
    expect(none.message).toMatch(/no GPU was found, so sm_90 plus PTX only/);
    expect(none.message).toMatch(/SYNCBENCH_CUDA_ARCHITECTURES=all/);
    expect(arch({ gpuComputeCaps: [], env: { CI: 'true' } }).architectures).toBe('all');
    expect(
      arch({ gpuComputeCaps: ['9.0'], env: { SYNCBENCH_CUDA_ARCHITECTURES: '80;90' } }).architectures,
    ).toBe('80;90');
  });

  it('always hands the choice to CMake, so a cached list never outlives its reason', () => {
    const plan = planNativeBuild({
      found: { nvcc: '/usr/bin/nvcc', from: 'PATH' },
      sourceHash: HASH,
      addonHash: undefined,
      env: {},
      addonPath: 'x',
      gpuComputeCaps: [],
    });
    expect(plan.kind === 'build' && plan.steps[0]).toContain('--CDCMAKE_CUDA_ARCHITECTURES=90');
  });
});
