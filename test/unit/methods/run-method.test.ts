import { describe, expect, it } from 'vitest';

import { runMethodLines, runMethodRows, sanitizerOutcome } from '../../../electron/model/methods';
import { syntheticResult } from '../../fixtures/synthetic-result';
import { reference } from './reference';

describe('runMethodLines', () => {
  it('states the run’s own stopping rule, clocks and flag counts (h200-modes_a)', () => {
    const result = reference('h200-modes_a.json');
    const lines = runMethodLines(result);
    const noisy = result.points.filter((p) => p.noisy).length;
    expect(lines[0]).toBe(
      'Stopping rule of this run: warm-up 2 repetitions; stop on noise (95% CI half-width of the median ≤ 1% of ' +
        'the median gross cost) after at least 10 repetitions and 20 ms; otherwise at 300 ms or 2000 ' +
        'repetitions, marked noisy.',
    );
    expect(lines[1]).toMatch(
      /^Clock used to convert cycles to ns: globaltimer .* for 4 points, 19\d\d(\.\d+)?–19\d\d(\.\d+)? MHz; NVML SM clock for 1 point, 1980 MHz \(1 point has no cycles to convert\)\.$/,
    );
    expect(lines[2]).toContain(`Noisy (noise target not met): ${noisy} of 5 points.`);
    expect(lines[2]).toContain('Cold first launches timed apart: 5 points, ');
    expect(lines[2]).toContain('Verification: 2 points checked their output, 0 failed.');
  });

  it('counts noisy and throttled points', () => {
    const lines = runMethodLines(syntheticResult());
    expect(lines[2]).toContain('Noisy (noise target not met): 1 of 5 points.');
    expect(lines[2]).toMatch(/Throttled \(clock below \d+% of the peak SM clock\): 1\./);
  });

  it('knows nothing of the plan of published values', () => {
    expect(runMethodLines(syntheticResult({ sourceKind: 'published' }))).toEqual([
      expect.stringMatching(/^Published values, not measured by this product/),
    ]);
  });
});

describe('runMethodRows', () => {
  it('puts both figures of the same launch side by side', () => {
    const result = reference('h200-modes_a.json');
    const rows = runMethodRows(result);
    const block = rows.find((r) => r.label.startsWith('block'))!;
    expect(block).toMatchObject({
      lo: 256,
      hi: 33024,
      unitsPerIter: 1,
      baseline: null, // back to back: a barrier is not defined against a baseline (docs/methods.md)
      stoppedBy: 'noise',
    });
    expect(block.wholeKernelMs).toBe(result.points[1]!.wholeKernelMs!.median);
    expect(block.share!.unitsUs).toBeCloseTo((256 * block.perSyncNs!) / 1000, 9);
    expect(block.clock).toMatch(/^globaltimer 19\d\d(\.\d+)? MHz$/);
    const twoKernels = rows.find((r) => r.label.startsWith('phases, two kernels'))!;
    expect(twoKernels).toMatchObject({ lo: 1, hi: 65, baseline: null, perSyncCycles: null });
    expect(twoKernels.verification).toMatch(/^ok \(\d+ verified\)$/);
  });
});

describe('sanitizerOutcome', () => {
  it('reads each run of the H200 report against what was expected of it', () => {
    const runs = reference('h200-correctness_sanitizer.json').sanitizer!.runs;
    expect(runs.map((r) => sanitizerOutcome(r).text)).toEqual([
      'clean, as expected',
      'hazard detected, as planted',
      'clean, as expected',
      'hazard detected, as planted',
    ]);
    const [clean, planted] = runs;
    expect(sanitizerOutcome({ ...clean!, errors: 2 })).toEqual({
      kind: 'hazardsOnCorrect',
      expected: false,
      text: 'REPORTED HAZARDS on the correct kernel',
    });
    expect(sanitizerOutcome({ ...planted!, errors: 0 }).expected).toBe(false);
    expect(sanitizerOutcome({ ...planted!, errors: null }).expected).toBeNull();
  });
});
