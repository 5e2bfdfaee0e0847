/**
 * The multi-GPU kernels' PTX (kernels/multi_gpu.cu, sm_90, the build's flags): the peer flag hand-off publishes with
 * st.release.sys and waits with ld.acquire.sys — system scope, the only scope that reaches another device
 * — and reads the payload with a plain load after the acquire; its volatile variant has no release or acquire at any
 * scope (what makes it incorrect); every spin reads %globaltimer (the bounded wait). Needs nvcc only, not the addon.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

const hasNvcc = spawnSync('nvcc', ['--version']).status === 0;

/** The body of the PTX entry whose mangled name contains `kernel`. */
function entry(ptx: string, kernel: string): string {
  const starts = [...ptx.matchAll(/\.entry\s+(\S+?)\s*\(/g)];
  const i = starts.findIndex((m) => m[1]!.includes(kernel));
  if (i < 0) throw new Error(`no PTX entry ${kernel}`);
  return ptx.slice(starts[i]!.index, starts[i + 1]?.index ?? ptx.length);
}

describe.runIf(hasNvcc)('PTX of the multi-GPU kernels (sm_90)', () => {
  let ptx = '';
  beforeAll(() => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'syncbench-mgpu-')), 'multi_gpu.ptx');
    const r = spawnSync(
      'nvcc',
      [
        '-ptx',
        '-arch=sm_90',
        '-std=c++20',
        '--extended-lambda',
        '-Ikernels',
        'kernels/multi_gpu.cu',
        '-o',
        out,
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(r.stderr);
    ptx = readFileSync(out, 'utf8');
  }, 300_000);

  it('the peer flag: release stores and acquire loads at system scope, on both sides', () => {
    const body = entry(ptx, 'sb_k_peer_handoffILb0E');
    expect(body.match(/st\.release\.sys\.b32/g)).toHaveLength(2); // side A's put, side B's put
    expect(body.match(/ld\.acquire\.sys\.b32/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
    expect(body).not.toMatch(/\.(gpu|cta)\b/); // no narrower scope anywhere
    expect(body).not.toMatch(/\.volatile/); // the payload load is a plain load ordered by the acquire
    expect(body).toMatch(/ld\.global\.u32/);
    expect(body).toMatch(/%globaltimer/);
  });

  it('the volatile variant has volatile accesses and no release/acquire or fence: not synchronization', () => {
    const body = entry(ptx, 'sb_k_peer_handoffILb1E');
    expect(body).toMatch(/st\.volatile\.global\.u32/);
    expect(body).toMatch(/ld\.volatile\.global\.u32/);
    expect(body).not.toMatch(/\.release|\.acquire|fence\.|membar/);
    expect(body).toMatch(/%globaltimer/);
  });

  it('the event hop and host-barrier kernels exist as the workload table names them', () => {
    expect(entry(ptx, 'sb_k_event_hop')).toMatch(/atom\.global\.add|red\.global\.add/);
    expect(entry(ptx, 'sb_k_token_host')).toMatch(/st\.global\.u32/);
  });
});
