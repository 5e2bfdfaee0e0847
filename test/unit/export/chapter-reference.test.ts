/**
 * The chapter's RTX 5090 tables shipped as reference datasets (resources/reference/chapter-rtx5090-*.json): made by
 * scripts/make-chapter-reference.ts, read by the product's own reader and library, labelled published everywhere
 * they show, consistent with the chapter's printed ratios, and comparable with a local run.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { compareResults } from '../../../electron/core/compare';
import { formatResult } from '../../../electron/core/format';
import { shapeText } from '../../../electron/model/modes/points';
import { ResultsLibrary } from '../../../electron/core/results/library';
import { readResultFile, serializeResultFile } from '../../../electron/core/results/io';
import type { ResultFile } from '../../../electron/model/results/schema';
import { chapterReferenceFiles, REFERENCE_DIR } from '../../../scripts/make-chapter-reference';

const IDS = ['chapter-rtx5090-sweep', 'chapter-rtx5090-sweep_grid', 'chapter-rtx5090-modes'];
const fileOf = (id: string) => path.join(REFERENCE_DIR, `${id}.json`);

async function shipped(): Promise<ResultFile[]> {
  return Promise.all(IDS.map((id) => readResultFile(fileOf(id))));
}

describe('chapter reference datasets', () => {
  it('are exactly what the script makes from the chapter’s numbers', async () => {
    const made = chapterReferenceFiles();
    expect(made.map((r) => r.id)).toEqual(IDS);
    for (const result of made) {
      expect(await readFile(fileOf(result.id), 'utf8')).toBe(serializeResultFile(result));
    }
  });

  it('label every point with its launch shape as the product does: "1 warp", "1 block" singular', async () => {
    for (const r of await shipped()) {
      for (const p of r.points) {
        const nwarps = p.launch.threadsPerBlock / 32;
        expect(p.label.endsWith(`: ${shapeText(nwarps, p.launch.gridBlocks)}`), p.label).toBe(true);
        expect(p.label).not.toMatch(/\b1 (warps|blocks)\b/);
      }
    }
  });

  it('validate with the product’s reader and are published data of the RTX 5090, medians only', async () => {
    for (const r of await shipped()) {
      expect(r.source.kind).toBe('published');
      expect(r.source.citation).toMatch(/^Chapter C-04 on sync layers .*, §6\.[123], RTX 5090/);
      // Cited as a reader cites the chapter: no internal name of the source text.
      expect(r.source.citation).not.toMatch(/seed|seeds\//);
      expect(r.name).toContain('published, not measured by this product');
      expect(r.provenance.device).toMatchObject({
        name: 'NVIDIA GeForce RTX 5090',
        computeCapability: '12.0',
        smCount: 170,
      });
      for (const p of r.points) {
        expect(p.stoppedBy).toBe('published');
        expect(p.reps).toBe(0);
        expect(p.perSyncNs).toBeNull();
        expect(p.perSyncCycles).toBeNull();
        expect(p.wholeKernelMs).toMatchObject({ n: 0, p10: null, p90: null, ciLow: null, ciHigh: null });
        expect(p.iters.lo).toBe(256);
        expect(Object.values(p.raw).every((samples) => samples.length === 0)).toBe(true);
      }
      expect(r.notes.join(' ')).toContain('not measured by this product');
    }
  });

  it('hold the chapter’s tables (§6.1, §6.2, §6.3) as published', async () => {
    const [sweep, grid, modes] = await shipped();
    const ms = (r: ResultFile) => r.points.map((p) => [p.label, p.wholeKernelMs!.median]);
    expect(
      sweep!.points.filter((p) => p.series === 'warp').map((p) => [p.x, p.wholeKernelMs!.median]),
    ).toEqual([
      [1, 0.0156],
      [2, 0.0122],
      [4, 0.0116],
      [8, 0.0116],
      [16, 0.0133],
      [32, 0.015],
    ]);
    expect(sweep!.points.filter((p) => p.series === 'block').map((p) => p.wholeKernelMs!.median)).toEqual([
      0.0124, 0.0133, 0.0133, 0.0135, 0.0161, 0.0185,
    ]);
    expect(grid!.points.map((p) => [p.launch.gridBlocks, p.wholeKernelMs!.median])).toEqual([
      [1, 0.159],
      [170, 0.17],
      [340, 0.184],
      [1020, 0.632],
    ]);
    expect(ms(modes!)).toEqual([
      ['warp: 8 warps × 170 blocks', 0.0089],
      ['block: 8 warps × 170 blocks', 0.0098],
      ['grid: 8 warps × 170 blocks', 0.1686],
      ['phases, one cooperative kernel (grid.sync): 8 warps × 170 blocks', 0.0197],
      ['phases, two kernels: 8 warps × 170 blocks', 0.02],
    ]);
  });

  it('print ratios that agree with their own medians to the chapter’s rounding (a typo would not)', async () => {
    for (const r of await shipped()) {
      expect(r.ratios.length).toBeGreaterThan(0);
      for (const ratio of r.ratios) {
        const median = (label: string) => r.points.find((p) => p.label === label)!.wholeKernelMs!.median;
        const quotient = median(ratio.numerator) / median(ratio.denominator);
        // Medians are printed to 3 significant digits, so their quotient is within 1.5% of the chapter's ratio;
        // the phases pair is printed as "0.0197 vs ~0.02, ratio ≈1.0" (1 digit), so within 3%.
        const tolerance = ratio.name.startsWith('phases') ? 0.03 : 0.015;
        expect(Math.abs(ratio.value - quotient) / quotient, ratio.name).toBeLessThan(tolerance);
      }
    }
  });

  it('are listed by the library as read-only reference data, published, beside the H200 data', async () => {
    const library = new ResultsLibrary(path.join(REFERENCE_DIR, 'no-user-folder'), {
      referenceDirs: [REFERENCE_DIR],
    });
    const listed = (await library.list()).filter((s) => IDS.includes(s.id));
    expect(listed.map((s) => [s.id, s.sourceKind, s.reference, s.deviceName])).toEqual(
      expect.arrayContaining(IDS.map((id) => [id, 'published', true, 'NVIDIA GeForce RTX 5090'])),
    );
    expect(listed).toHaveLength(3);
  });

  it('say they are published wherever they show: Markdown, and a comparison with a local run', async () => {
    const [, , modes] = await shipped();
    const md = formatResult(modes!, 'md');
    expect(md).toContain('not measured by this product');
    const local = await readResultFile(path.join(REFERENCE_DIR, 'h200-modes.json'));
    const comparison = compareResults([local, modes!]);
    expect(comparison.runs.map((r) => r.sourceKind)).toEqual(['measured', 'published']);
    expect(comparison.differences.map((d) => d.message).join('\n')).toContain(
      'Run 2 is published data, not measured by this product',
    );
  });
});
