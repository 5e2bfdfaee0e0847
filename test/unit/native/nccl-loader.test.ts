/**
 * The NCCL loader (kernels/nccl_loader.cc) against real shared libraries compiled here with g++: a fake libnccl of a
 * good version, of a wrong major version, one lacking an entry point, one whose ncclGetVersion fails, a missing file,
 * and an injected dynamic-loader layer. No CUDA or NCCL needed: the loader is plain C++ with dlopen.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

const hasGpp = spawnSync('g++', ['--version']).status === 0;
const FIX = 'test/unit/native/fixtures';

interface Probe {
  state: string;
  version: string;
  code: number;
  library: string;
  reason: string;
  bound: boolean;
  probe: number;
}

function gpp(args: string[]): void {
  const r = spawnSync('g++', ['-std=c++20', '-O0', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`g++ ${args.join(' ')}: ${r.stderr}`);
}

describe.runIf(hasGpp)('NCCL loader (dlopen of libnccl.so.2)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'syncbench-nccl-'));
  const probe = path.join(dir, 'nccl-probe');
  const lib = (name: string) => path.join(dir, `${name}.so`);

  const run = (args: string[], env: Record<string, string> = {}): Probe => {
    const r = spawnSync(probe, args, { encoding: 'utf8', env: { ...process.env, ...env } });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout) as Probe;
  };

  beforeAll(() => {
    gpp(['-Ikernels', 'kernels/nccl_loader.cc', `${FIX}/nccl-probe.cc`, '-o', probe, '-ldl']);
    const fake = (name: string, defs: string[]) =>
      gpp(['-shared', '-fPIC', ...defs, `${FIX}/fake-nccl.cc`, '-o', lib(name)]);
    fake('good', ['-DFAKE_NCCL_VERSION=22703']);
    fake('old-encoding', ['-DFAKE_NCCL_VERSION=2803']);
    fake('nccl3', ['-DFAKE_NCCL_VERSION=30100']);
    fake('nccl1', ['-DFAKE_NCCL_VERSION=1903']);
    fake('incomplete', ['-DFAKE_NCCL_VERSION=22703', '-DFAKE_NCCL_NO_ALLREDUCE']);
    fake('version-fails', ['-DFAKE_NCCL_VERSION=0', '-DFAKE_NCCL_VERSION_FAILS']);
  }, 120_000);

  it('present: loads NCCL 2, binds every entry point and reads the version (NCCL_VERSION_CODE since 2.9)', () => {
    const r = run([lib('good')]);
    expect(r).toMatchObject({ state: 'loaded', version: '2.27.3', code: 22703, reason: '', bound: true });
    expect(r.probe).toBe(22703); // the bound pointer is the library's function
  });

  it('decodes the version code of NCCL before 2.9 (major*1000 + minor*100 + patch)', () => {
    expect(run([lib('old-encoding')])).toMatchObject({ state: 'loaded', version: '2.8.3' });
  });

  it('absent: says NCCL is not installed, with the loader’s own message', () => {
    const missing = path.join(dir, 'no-such-libnccl.so.2');
    const r = run([missing]);
    expect(r.state).toBe('missing');
    expect(r.bound).toBe(false);
    expect(r.reason).toContain(`NCCL is not installed (${missing} could not be loaded: `);
    expect(r.reason).toMatch(/No such file or directory/);
  });

  it('wrong version: refuses another major than 2 and names the version', () => {
    const r3 = run([lib('nccl3')]);
    expect(r3).toMatchObject({ state: 'wrong-version', version: '3.1.0', bound: false });
    expect(r3.reason).toContain('is NCCL 3.1.0; this build declares the NCCL 2.x ABI');
    expect(run([lib('nccl1')])).toMatchObject({ state: 'wrong-version', version: '1.9.3' });
  });

  it('a library without ncclAllReduce is incomplete, naming what is missing', () => {
    const r = run([lib('incomplete')]);
    expect(r).toMatchObject({ state: 'incomplete', bound: false });
    expect(r.reason).toBe(
      `${lib('incomplete')} lacks ncclAllReduce, so it is not a usable NCCL 2 library; the NCCL variant is skipped.`,
    );
  });

  it('an ncclGetVersion that fails is a wrong (unknown) version', () => {
    const r = run([lib('version-fails')]);
    expect(r.state).toBe('wrong-version');
    expect(r.reason).toMatch(/ncclGetVersion failed/);
  });

  it('the injected loader layer is the one used (every symbol but ncclGetVersion absent)', () => {
    const r = run(['--inject']);
    expect(r.state).toBe('incomplete');
    expect(r.reason).toMatch(
      /^injected lacks ncclGetErrorString, ncclCommInitAll, ncclCommDestroy, ncclGroupStart, ncclGroupEnd, ncclAllReduce,/,
    );
  });

  it('the process-wide load honours $SYNCBENCH_NCCL', () => {
    expect(run(['--env'], { SYNCBENCH_NCCL: lib('nccl3') })).toMatchObject({
      state: 'wrong-version',
      library: lib('nccl3'),
    });
    expect(run(['--env'], { SYNCBENCH_NCCL: lib('good') })).toMatchObject({
      state: 'loaded',
      version: '2.27.3',
    });
  });
});
