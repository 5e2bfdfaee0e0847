/**
 * The published datasets from SyncPerformance (IISWC'24) and IPDPS'20 (resources/reference/syncperformance-*.json,
 * ipdps20-v100-sweep_grid.json): made by scripts/make-syncperformance-reference.ts from the typed source
 * (scripts/syncperformance-source.ts), read by the product's own reader and library, labelled published, and shaped
 * like the product's own sweep and fences runs so Compare lines them up. The typed numbers are checked against a
 * checkout of SyncPerformance only where one is given (SYNCPERFORMANCE_REPO): CI has none, so there the source is
 * the reference (scripts/check-syncperformance-source.ts does the same check by hand).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { planRun } from '../../../electron/core/measure/plan-run';
import { ResultsLibrary } from '../../../electron/core/results/library';
import { readResultFile, serializeResultFile } from '../../../electron/core/results/io';
import { RESULT_VERSION } from '../../../electron/model/results/schema';
import { sourceProblems } from '../../../scripts/check-syncperformance-source';
import { publishedReferenceFiles, REFERENCE_DIR } from '../../../scripts/make-syncperformance-reference';
import { logPath, PUBLISHED_GPUS, SNAPSHOT } from '../../../scripts/syncperformance-source';
import { fakeBackend } from '../helpers/fake-backend';

const fileOf = (id: string) => path.join(REFERENCE_DIR, `${id}.json`);
const shipped = (id: string) => readResultFile(fileOf(id));
const isPublishedId = (id: string) => id.startsWith('syncperformance-') || id.startsWith('ipdps20-');

describe('SyncPerformance and IPDPS’20 reference datasets', () => {
  it('are exactly what the script makes from the typed source, and nothing else is shipped under their names', async () => {
    const made = publishedReferenceFiles();
    for (const result of made) {
      expect(await readFile(fileOf(result.id), 'utf8'), result.id).toBe(serializeResultFile(result));
    }
    const onDisk = (await readdir(REFERENCE_DIR)).map((f) => f.replace(/\.json$/, '')).filter(isPublishedId);
    expect(onDisk.sort()).toEqual(made.map((r) => r.id).sort());
    expect(made).toHaveLength(PUBLISHED_GPUS.length * 3 + 1);
  });

  it('carry every typed figure once, in cycles as printed, and in ns converted with the log’s clock rate', async () => {
    for (const gpu of PUBLISHED_GPUS) {
      const files = await Promise.all(
        ['sweep', 'sweep-1-block', 'fences'].map((m) => shipped(`syncperformance-${gpu.slug}-${m}`)),
      );
      const points = files.flatMap((r) => r.points);
      expect(points).toHaveLength(gpu.figures.length);
      for (const f of gpu.figures) {
        const p = points.find(
          (q) =>
            q.workload === `syncperformance:${f.code}` &&
            q.launch.threadsPerBlock === f.threadsPerBlock &&
            q.launch.gridBlocks === f.blocks,
        );
        expect(p, `${gpu.slug} ${f.code} ${f.threadsPerBlock}×${f.blocks}`).toBeDefined();
        expect(p!.perSyncCycles!.median).toBe(f.cycles);
        expect(p!.perSyncNs!.median).toBeCloseTo(f.cycles / gpu.clockGHz, 12);
        expect(p!.clock).toMatchObject({ conversion: 'device-max', conversionMHz: gpu.clockGHz * 1000 });
      }
      for (const r of files) {
        expect(r.provenance.device).toMatchObject({ name: gpu.name, smCount: gpu.smCount });
        expect(r.source.citation).toContain(SNAPSHOT.commit);
        expect(r.source.citation).toContain(logPath(gpu, 'cuda_syncthreads').split('/cuda_')[0]);
      }
    }
  });

  it('keep __syncthreads growing with the block on every GPU (a digit typed into the wrong row would not)', () => {
    for (const gpu of PUBLISHED_GPUS) {
      for (const blocks of [1, gpu.smCount]) {
        const cycles = gpu.figures
          .filter((f) => f.code === 'cuda_syncthreads' && f.blocks === blocks)
          .map((f) => [f.threadsPerBlock, f.cycles] as const);
        expect(cycles.map(([t]) => t)).toEqual([32, 64, 128, 256, 512, 1024]);
        for (let i = 1; i < cycles.length; i += 1) expect(cycles[i]![1]).toBeGreaterThan(cycles[i - 1]![1]);
      }
    }
  });

  it('are published data, labelled so, with per-point method "published" and medians only', async () => {
    for (const made of publishedReferenceFiles()) {
      const r = await shipped(made.id);
      expect(r.version).toBe(RESULT_VERSION);
      expect(r.source.kind).toBe('published');
      expect(r.name).toContain('published, not measured by this product');
      expect(r.notes.join(' ')).toContain('not measured by this product');
      for (const p of r.points) {
        expect(p.timing).toEqual({ body: 'published', unroll: 0 });
        expect(p.stoppedBy).toBe('published');
        expect(p.perSyncNs).toMatchObject({ n: 0, p10: null, ciLow: null });
        expect(Object.values(p.raw).every((samples) => samples.length === 0)).toBe(true);
      }
    }
    const fences = await shipped('syncperformance-a100-fences');
    expect(fences.source.citation).toContain('BSD-3-Clause');
    expect(fences.notes.join(' ')).toContain('arr_step 1');
  });

  it('have the series, x and labels the product’s sweep and fences modes plan for the same launch', async () => {
    for (const gpu of PUBLISHED_GPUS) {
      for (const id of ['sweep', 'sweep-1-block']) {
        const r = await shipped(`syncperformance-${gpu.slug}-${id}`);
        const planned = await planRun(
          {
            mode: 'sweep',
            params: { nwarpsList: '1,2,4,8,16,32', nblocks: r.plan.params.nblocks as number },
          },
          fakeBackend(),
        );
        const shape = (p: { series: string; x: number | null; label: string }) => [p.series, p.x, p.label];
        expect(planned.points.map(shape)).toEqual(expect.arrayContaining(r.points.map(shape)));
      }
      const fences = await shipped(`syncperformance-${gpu.slug}-fences`);
      const planned = await planRun(
        { mode: 'fences', params: { threadsList: '1,32', blocksList: `1,${gpu.smCount}`, definitions: '2' } },
        fakeBackend(),
      );
      expect(planned.points.map((p) => [p.series, p.x, p.label])).toEqual(
        fences.points.map((p) => [p.series, p.x, p.label]),
      );
    }
  });

  it('give IPDPS’20’s V100 grid.sync() as the one figure the docs quote, with no invented second point', async () => {
    const r = await shipped('ipdps20-v100-sweep_grid');
    expect(r.points.map((p) => [p.series, p.x, p.perSyncNs!.median, p.launch.threadsPerBlock])).toEqual([
      ['grid', 1, 1500, 256],
    ]);
    expect(r.points[0]!.perSyncCycles).toBeNull();
    expect(r.ratios).toEqual([]);
    expect(r.source.citation).toContain('IPDPS’20');
  });

  it('are listed by the library as read-only published reference data', async () => {
    const library = new ResultsLibrary(path.join(REFERENCE_DIR, 'no-user-folder'), {
      referenceDirs: [REFERENCE_DIR],
    });
    const listed = (await library.list()).filter((s) => isPublishedId(s.id));
    expect(listed).toHaveLength(publishedReferenceFiles().length);
    expect(listed.every((s) => s.sourceKind === 'published' && s.reference)).toBe(true);
    expect(listed.find((s) => s.id === 'syncperformance-a100-sweep')?.deviceName).toBe(
      'NVIDIA A100-PCIE-40GB',
    );
  });

  const repo = process.env.SYNCPERFORMANCE_REPO;
  it.runIf(repo)('match the log lines of a SyncPerformance checkout (SYNCPERFORMANCE_REPO)', () => {
    const { problems, checked } = sourceProblems(repo!);
    expect(problems).toEqual([]);
    expect(checked).toBe(PUBLISHED_GPUS.reduce((n, g) => n + g.figures.length, 0));
  });
});
