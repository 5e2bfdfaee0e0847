// compute-sanitizer reaches a run through a port (RunOptions.attachSanitizer), so the measuring core never imports
// verify/: with the port, a complete run that asks for sanitizer tools hands them and its result to it; without
// one, the result says the shell cannot start compute-sanitizer; a run that asks for none never calls it.
import { describe, expect, it } from 'vitest';

import { startMeasuredRun, type AttachSanitizer } from '../../../electron/core/measure/run';
import type { SanitizerTool } from '../../../electron/model/modes/sanitizer-targets';
import { fakeBackend, syntheticPointResult } from '../helpers/fake-backend';

const backend = () =>
  fakeBackend({ result: () => syntheticPointResult(500, 12, { verified: 1000, mismatches: 0 }) });

describe('the compute-sanitizer port of a run', () => {
  it('hands the tools and the complete result to the port, which may add its report', async () => {
    const calls: SanitizerTool[][] = [];
    const attachSanitizer: AttachSanitizer = async (result, tools) => {
      calls.push(tools);
      result.notes.push('port ran');
    };
    const run = await startMeasuredRun(
      { mode: 'correctness', params: { sanitizer: 'both' } },
      backend(),
      {},
      { attachSanitizer },
    );
    const { result } = await run.done;
    expect(calls).toEqual([['racecheck', 'synccheck']]);
    expect(result.notes).toContain('port ran');
  });

  it('without a port, notes that this shell cannot start compute-sanitizer', async () => {
    const run = await startMeasuredRun(
      { mode: 'correctness', params: { sanitizer: 'racecheck' } },
      backend(),
    );
    const { result } = await run.done;
    expect(result.sanitizer).toBeNull();
    expect(result.notes).toContain(
      'compute-sanitizer racecheck was asked for but not run: this shell cannot start the CLI for it.',
    );
  });

  it('never calls the port for a run that asks for no tool', async () => {
    let called = false;
    const run = await startMeasuredRun(
      { mode: 'correctness', params: {} },
      backend(),
      {},
      { attachSanitizer: async () => void (called = true) },
    );
    const { result } = await run.done;
    expect(called).toBe(false);
    expect(result.notes.join(' ')).not.toMatch(/compute-sanitizer/);
  });
});
