import { readFileSync } from 'node:fs';
import path from 'node:path';

import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

import { compareResults, formatComparison } from '../../../electron/core/compare/index';
import { comparisonColumns } from '../../../electron/model/compare/columns';
import { INCORRECT_LABEL } from '../../../electron/model/format/columns';
import { parseResultFile } from '../../../electron/core/results/io';
import type { ResultFile } from '../../../electron/model/results/schema';
import { REFERENCE_DIR } from '../../../scripts/make-syncperformance-reference';
import { expectGolden } from '../../golden/golden';
import { DEFAULT_POINTS, syntheticResult, type SyntheticPoint } from '../../fixtures/synthetic-result';

const scaled = (factor: number, points: SyntheticPoint[] = DEFAULT_POINTS) =>
  points.map((p) => ({ ...p, perSyncNs: p.perSyncNs * factor }));

/** A shipped reference dataset, read as the library reads it. */
function reference(file: string): ResultFile {
  return parseResultFile(readFileSync(path.join(REFERENCE_DIR, file)), file);
}

const baseline = () => syntheticResult({ seed: 1, id: 'baseline-run', name: 'baseline' });

describe('compareResults', () => {
  it('matches points by series, x and label, and judges each row with both runs’ noise', () => {
    const again = syntheticResult({ seed: 2, id: 'again-run', name: 'again' });
    const faster = syntheticResult({ seed: 3, id: 'faster-run', name: 'faster', points: scaled(0.8) });
    const c = compareResults([baseline(), again, faster]);
    expect(c.runs.map((r) => r.id)).toEqual(['baseline-run', 'again-run', 'faster-run']);
    expect(c.rows.map((r) => r.label)).toEqual(DEFAULT_POINTS.map((p) => p.label));
    const verdicts = (run: number) =>
      Object.fromEntries(c.rows.map((r) => [r.series, r.cells[run]?.verdict]));
    // The same centres, noise alone (the grid point has 5%): nothing clears both intervals and the floor.
    expect(verdicts(1)).toEqual({
      warp: 'same',
      block: 'same',
      grid: 'same',
      correctness: 'same',
      'flag:volatile': 'same',
    });
    expect(verdicts(2)).toMatchObject({ warp: 'faster', block: 'faster', correctness: 'faster' });
    const block = c.rows.find((r) => r.series === 'block')!;
    expect(block.basis).toBe('perSyncNs');
    expect(block.cells[0]).toMatchObject({ delta: null, ratio: null, verdict: null });
    expect(block.cells[2]!.ratio).toBeCloseTo(0.8, 1);
    expect(block.cells[2]!.delta).toBeCloseTo(
      block.cells[2]!.perSyncNs!.median - block.cells[0]!.perSyncNs!.median,
      12,
    );
    expect(c.rows.find((r) => r.series === 'flag:volatile')!.incorrect).toBe(true);
    // Nothing differs but the fixture's throttled grid point, noted for every run.
    expect(c.differences.map((d) => d.message)).toEqual(
      [1, 2, 3].map((run) => `Run ${run} has 1 throttled point.`),
    );
  });

  it('notes that the same run appears twice (or more) when one id is compared with itself', () => {
    const c = compareResults([baseline(), baseline()]);
    expect(c.differences[0]).toMatchObject({
      kind: 'same-run',
      message:
        'The same run appears twice: runs 1 and 2 are "baseline" (id baseline-run), so they agree by ' +
        'construction and say nothing about run-to-run noise.',
    });
    expect(c.differences.filter((d) => d.kind === 'same-run')).toHaveLength(1);
    expect(formatComparison(c, 'md')).toContain('The same run appears twice: runs 1 and 2');

    const other = syntheticResult({ seed: 2, id: 'other-run', name: 'other' });
    const thrice = compareResults([baseline(), other, baseline(), baseline()]);
    expect(thrice.differences.filter((d) => d.kind === 'same-run').map((d) => d.message)).toEqual([
      'The same run appears 3 times: runs 1, 3 and 4 are "baseline" (id baseline-run), so they agree by ' +
        'construction and say nothing about run-to-run noise.',
    ]);
    expect(compareResults([baseline(), other]).differences.some((d) => d.kind === 'same-run')).toBe(false);
  });

  it('finds slower rows', () => {
    const c = compareResults([baseline(), syntheticResult({ seed: 4, points: scaled(1.3) })]);
    expect(c.rows.filter((r) => r.series !== 'grid').map((r) => r.cells[1]?.verdict)).toEqual([
      'slower',
      'slower',
      'slower',
      'slower',
    ]);
  });

  it('notes different devices, clocks, versions, apps and plans', () => {
    const other = syntheticResult({
      seed: 2,
      deviceName: 'Another synthetic device',
      computeCapability: '1.0',
      clockMHz: 1800,
      driverVersion: 'synthetic-2',
      appVersion: '0.0.1-synthetic',
      params: { iters: 512, nwarps: 8, nblocks: 132 },
    });
    const messages = compareResults([baseline(), other]).differences.map((d) => `${d.kind}: ${d.message}`);
    expect(messages).toEqual([
      'device: Devices differ: run 1 Synthetic fixture (not a measurement), run 2 Another synthetic device.',
      'device: Compute capabilities differ: run 1 0.0, run 2 1.0.',
      'clock: Measured SM clocks (median over points) differ by more than 3%: run 1 1500 MHz, run 2 1800 MHz. ' +
        'Per-sync ns scale with the clock; compare per-sync cycles too.',
      'clock: Run 1 has 1 throttled point.',
      'clock: Run 2 has 1 throttled point.',
      'versions: Driver versions differ: run 1 synthetic, run 2 synthetic-2.',
      'app: App versions differ: run 1 0.0.0-synthetic (synthetic), run 2 0.0.1-synthetic (synthetic).',
      'plan: Parameters "iters" differ: run 1 256, run 2 512.',
    ]);
  });

  it('compares against published data on the figure both have, and says it is published', () => {
    const published = syntheticResult({ sourceKind: 'published', points: scaled(1.5), id: 'published-ref' });
    for (const p of published.points) p.perSyncNs = null;
    const c = compareResults([published, baseline()]);
    expect(c.rows.every((r) => r.basis === 'wholeKernelMs')).toBe(true);
    expect(c.differences.map((d) => d.kind)).toContain('source');
    expect(c.differences.find((d) => d.kind === 'source')!.message).toMatch(
      /Run 1 is published data, not measured by this product \(Synthetic citation \(test fixture\), 2000\)/,
    );
    // Without an interval only a large difference counts: grid's whole kernel is 1.5x slower, warp's only ~3%.
    const verdict = (series: string) => c.rows.find((r) => r.series === series)!.cells[1]!.verdict;
    expect(verdict('grid')).toBe('faster');
    expect(verdict('warp')).toBe('unclear');
  });

  it('says a parameter one mode does not have is not a parameter of it, not unknown', () => {
    const fences = syntheticResult({ seed: 2, id: 'fences-run', mode: 'fences', params: { iters: 256 } });
    const notes = compareResults([baseline(), fences]).differences.map((d) => d.message);
    expect(notes).toContain('Parameters "nwarps" differ: run 1 8, run 2 — (not a parameter of fences).');
    expect(notes.join('\n')).not.toContain('unknown');
    // The same mode without the value in its file: the parameter exists, the file did not record it.
    const unrecorded = syntheticResult({ seed: 2, id: 'old-run', params: { iters: 256, nblocks: 132 } });
    expect(compareResults([baseline(), unrecorded]).differences.map((d) => d.message)).toContain(
      'Parameters "nwarps" differ: run 1 8, run 2 not recorded.',
    );
  });

  it("shows a published dataset's stopping rule and throttle threshold as not published, not as settings", () => {
    const measured = baseline();
    const published = syntheticResult({ sourceKind: 'published', points: scaled(1.5), id: 'published-ref' });
    published.plan = {
      ...published.plan,
      stopping: { warmup: 0, minReps: 1, maxReps: 1, minTimeMs: 0, maxTimeMs: 0, targetRelCi: 0 },
    };
    const notes = compareResults([measured, published]).differences.map((d) => d.message);
    const stopping = notes.filter((m) => m.startsWith('Stopping rules'));
    expect(stopping.length).toBeGreaterThan(0);
    for (const note of stopping) expect(note).toMatch(/: run 1 [^,]+, run 2 not published\.$/);
    expect(notes.join('\n')).not.toMatch(/run 2 0\b|run 2 1\b/);
    expect(notes.find((m) => m.startsWith('Throttle thresholds'))).toMatch(/run 2 not published\.$/);
    // Two published datasets have nothing to tell apart there.
    const other = { ...published, id: 'published-ref-2' };
    expect(compareResults([published, other]).differences.some((d) => d.message.startsWith('Stopping'))).toBe(
      false,
    );
  });

  it('keeps points that only some runs have, and notes them', () => {
    const fewer = syntheticResult({ seed: 2, points: DEFAULT_POINTS.slice(0, 2) });
    const extra = syntheticResult({
      seed: 3,
      points: [...DEFAULT_POINTS, { series: 'cluster', perSyncNs: 30, x: 2 }],
    });
    const c = compareResults([fewer, extra]);
    expect(c.rows.map((r) => r.series)).toEqual([
      'warp',
      'block',
      'grid',
      'correctness',
      'flag:volatile',
      'cluster',
    ]);
    expect(c.rows[5]!.cells[0]).toBeNull();
    expect(c.rows[5]!.x).toBe(2);
    expect(c.differences.filter((d) => d.kind === 'points').map((d) => d.message)).toEqual([
      'Run 1 lacks 4 of the 6 points (matched by series and x, and by label where a run repeats a series at one x).',
    ]);
  });

  it('matches the same measurement on two devices although the labels name other launch shapes', () => {
    const h200 = syntheticResult({ seed: 4 });
    const other = syntheticResult({ seed: 5 });
    const relabelled = {
      ...other,
      points: other.points.map((p) => ({ ...p, label: `${p.label} on 170 blocks` })),
    };
    const c = compareResults([h200, relabelled]);
    expect(c.rows).toHaveLength(h200.points.length);
    expect(c.rows.every((r) => r.cells.every((cell) => cell !== null))).toBe(true);
    // Each run's cell carries its own label; the row names what they share (the series).
    expect(c.rows[0]!.label).toBe(h200.points[0]!.series);
    expect(c.rows[0]!.cells.map((cell) => cell!.label)).toEqual([
      h200.points[0]!.label,
      `${other.points[0]!.label} on 170 blocks`,
    ]);
  });

  it('labels the chapter RTX 5090 run with its own 170 blocks beside the H200 run’s 132', () => {
    const c = compareResults([reference('h200-modes.json'), reference('chapter-rtx5090-modes.json')]);
    const grid = c.rows.find((r) => r.series === 'grid')!;
    expect(grid.cells.map((cell) => cell!.label)).toEqual([
      'grid: 8 warps × 132 blocks',
      'grid: 8 warps × 170 blocks',
    ]);
    expect(grid.label).toBe('grid');
  });

  it('two back-to-back runs of one sweep: a sub-cycle difference is the same, its floor the timer resolution', () => {
    const c = compareResults([reference('h200-sweep_a.json'), reference('h200-sweep_b.json')]);
    const cells = c.rows.map((r) => r.cells[1]!);
    const subCycle = cells.filter((cell) => cell.delta !== null && Math.abs(cell.delta) < cell.floor!.value);
    expect(subCycle.length).toBeGreaterThan(0);
    expect(subCycle.every((cell) => cell.verdict === 'same')).toBe(true);
    const resolution = cells.find((cell) => cell.floor?.kind === 'resolution')!;
    expect(resolution.floor).toMatchObject({ unit: 'ns' });
    expect(resolution.floor!.value).toBeGreaterThan(0.5);
    expect(resolution.floor!.value).toBeLessThan(0.52);
  });

  it('the delta and floor carry the row’s unit: ns per sync, ms for the whole kernel', () => {
    const again = compareResults([reference('h200-sweep_a.json'), reference('h200-sweep_b.json')]);
    expect(again.rows.every((r) => r.unit === 'ns' && r.cells[1]!.floor!.unit === 'ns')).toBe(true);
    // The case: 0.029 ns faster at 0.56 ns, under one SM cycle (0.51 ns): the same, the floor shown.
    expect(formatComparison(again, 'md')).toMatch(
      /\| -0\.02905 ns +\| 0\.9477 +\| same +\| 0\.5055 ns +\| resolution +\|/,
    );
    // The chapter's RTX 5090 figures are whole-kernel only: the rows compare in ms, with the relative floor.
    const chapter = compareResults([reference('h200-modes.json'), reference('chapter-rtx5090-modes.json')]);
    const grid = chapter.rows.find((r) => r.series === 'grid')!;
    expect(grid).toMatchObject({ basis: 'wholeKernelMs', unit: 'ms' });
    expect(grid.cells[1]!.floor).toMatchObject({ unit: 'ms', kind: 'relative' });
    expect(formatComparison(chapter, 'md')).toMatch(/\| [+-][\d.,]+ ms +\|/);
  });

  it('tells apart points of one series at one x by their labels', () => {
    const twice = syntheticResult({
      seed: 6,
      points: [
        { series: 'after launch', label: 'stream sync', perSyncNs: 9000 },
        { series: 'after launch', label: 'device sync', perSyncNs: 9100 },
      ],
    });
    const c = compareResults([twice, twice]);
    expect(c.rows.map((r) => r.label)).toEqual(['stream sync', 'device sync']);
  });

  it('refuses nothing to compare', () => {
    expect(() => compareResults([])).toThrow(RangeError);
  });
});

describe('formatComparison', () => {
  const comparison = () =>
    compareResults([
      baseline(),
      syntheticResult({ seed: 3, id: 'faster-run', name: 'faster', points: scaled(0.8), clockMHz: 1600 }),
    ]);

  it('json: reads back equal', () => {
    const c = comparison();
    expect(JSON.parse(formatComparison(c, 'json'))).toEqual(c);
  });

  it('csv: the comparison columns, numbers in full precision', () => {
    const c = comparison();
    const rows = parse(formatComparison(c, 'csv')) as string[][];
    const columns = comparisonColumns(2);
    expect(rows[0]).toEqual(columns.map((col) => col.name));
    expect(rows).toHaveLength(c.rows.length + 1);
    const ratio = columns.findIndex((col) => col.name === 'run2_ratio');
    expect(Number(rows[2]![ratio])).toBe(c.rows[1]!.cells[1]!.ratio);
    expect(rows[2]![columns.findIndex((col) => col.name === 'run2_verdict')]).toBe('faster');
  });

  it('csv: labels a spreadsheet would run as formulas are escaped', () => {
    const c = compareResults([
      syntheticResult({ points: [{ series: 'block', label: '=1+1', perSyncNs: 1 }] }),
    ]);
    expect((parse(formatComparison(c, 'csv')) as string[][])[1]![1]).toBe("'=1+1");
  });

  it('md: runs, differences, the table with incorrect points labelled, verdict counts and the rule', () => {
    const md = formatComparison(comparison(), 'md');
    expect(md).toContain('Measured SM clocks (median over points) differ by more than 3%');
    expect(md).toContain(INCORRECT_LABEL);
    expect(md).toMatch(
      /Run 2 against run 1: 4 faster, 0 slower, 0 same, 0 unclear\.\n- Points marked incorrect/,
    );
    expect(md).toContain(
      'Faster or slower: the two intervals do not overlap and the medians differ by more than the floor',
    );
  });

  it('matches the golden files', () => {
    expectGolden('synthetic-compare.md.golden', formatComparison(comparison(), 'md'));
    expectGolden('synthetic-compare.csv.golden', formatComparison(comparison(), 'csv'));
  });
});
