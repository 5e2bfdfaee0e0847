/** nvidia-smi's answer as `npm run build:native` reads it (scripts/gpu-compute-caps.mjs). */
import { describe, expect, it } from 'vitest';

import * as script from '../../../scripts/gpu-compute-caps.mjs';

type Run = (cmd: string, args: string[]) => { status: number | null; stdout: string };
const { gpuComputeCaps } = script as { gpuComputeCaps(run?: Run): string[] };

describe('gpuComputeCaps', () => {
  it("reads one compute capability per GPU from nvidia-smi's CSV", () => {
    let asked: string[] = [];
    const caps = gpuComputeCaps((cmd, args) => {
      asked = [cmd, ...args];
      return { status: 0, stdout: '9.0\n9.0\n' };
    });
    expect(asked).toEqual(['nvidia-smi', '--query-gpu=compute_cap', '--format=csv,noheader']);
    expect(caps).toEqual(['9.0', '9.0']);
  });

  it('gives none without nvidia-smi, on its failure, or for an answer it cannot read', () => {
    expect(gpuComputeCaps(() => ({ status: null, stdout: '' }))).toEqual([]);
    expect(gpuComputeCaps(() => ({ status: 9, stdout: '9.0' }))).toEqual([]);
    expect(
      gpuComputeCaps(() => ({ status: 0, stdout: '[N/A]\nField "compute_cap" is not a valid field\n' })),
    ).toEqual([]);
  });
});
