/**
 * The start page's next steps (renderer/start/next-steps.ts), from the reference datasets the app ships
 * (resources/reference) as the library summarizes them: one per device, a sweep to replay, two modes tables.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import type { ResultSummary } from '../../../../electron/contract';
import { summarizeResult } from '../../../../electron/core/results/library';
import type { ResultFile } from '../../../../electron/model/results/schema';
import { nextSteps } from '../../../../renderer/start/next-steps';

const DIR = path.join(import.meta.dirname, '../../../../resources/reference');
const shipped: ResultSummary[] = readdirSync(DIR)
  .filter((n) => n.endsWith('.json'))
  .map((n) => summarizeResult(JSON.parse(readFileSync(path.join(DIR, n), 'utf8')) as ResultFile, true));

describe('start page: next steps from the shipped reference datasets', () => {
  const steps = nextSteps(shipped);
  const devices = steps.references.map((r) => r.deviceName);

  it('offers one dataset per device: the H200 measured here first, then the chapter and published sets', () => {
    expect(new Set(devices).size).toBe(devices.length);
    expect(steps.references[0]).toMatchObject({ sourceKind: 'measured', mode: 'modes' });
    expect(steps.references[0]!.deviceName).toMatch(/H200/);
    for (const gpu of [/RTX 5090/, /A100/, /RTX 4090/])
      expect(devices.some((d) => gpu.test(d ?? ''))).toBe(true);
    const rtx5090 = steps.references.find((r) => /RTX 5090/.test(r.deviceName ?? ''));
    expect(rtx5090).toMatchObject({ id: 'chapter-rtx5090-modes', sourceKind: 'published' });
  });

  it('replays a measured sweep, and compares two devices by their modes tables', () => {
    expect(steps.replay).toMatchObject({ mode: 'sweep', sourceKind: 'measured' });
    expect(steps.compare?.map((r) => r.mode)).toEqual(['modes', 'modes']);
    expect(steps.compare![0].deviceName).not.toBe(steps.compare![1].deviceName);
  });

  it('leaves out incomplete datasets, and offers nothing to compare or replay in an empty library', () => {
    const partial = { ...shipped[0]!, id: 'p', deviceName: 'Partial GPU', status: 'cancelled' as const };
    expect(nextSteps([...shipped, partial]).references.map((r) => r.id)).not.toContain('p');
    expect(nextSteps([])).toEqual({ references: [], replay: null, compare: null });
  });

  it('replays a user’s sweep when the library has no reference sweep', () => {
    const own = { ...shipped[0]!, id: 'mine', mode: 'sweep', reference: false, points: 12 };
    expect(nextSteps([own]).replay?.id).toBe('mine');
  });
});
