/**
 * The merge on committed H200 result files (resources/reference, measured) and on a synthetic fleet with one
 * injected outlier (test/fixtures/synthetic-fleet.ts, labelled synthetic).
 */
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { median, medianAbsoluteDeviation } from 'simple-statistics';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { mergeFleet, readFleetFile, writeFleetFile } from '../../../electron/core/fleet/fleet-file';
import { FleetFileSchema } from '../../../electron/model/fleet/fleet-schema';
import { fleetSummaryMarkdown } from '../../../electron/model/fleet/summary';
import { syntheticGpu, writeSyntheticFleet } from '../../fixtures/synthetic-fleet';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-fleet-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('fleet merge of committed H200 results', () => {
  it('each point of the three modes runs gets the median and MAD of its values, no outlier at 3.5/5%', async () => {
    const names = ['h200-modes.json', 'h200-modes_a.json', 'h200-modes_b.json'];
    for (const n of names) await cp(join('resources/reference', n), join(dir, n));
    const fleet = await mergeFleet(dir);
    expect(fleet.synthetic).toBe(false);
    expect(fleet.runs).toHaveLength(3);
    expect(new Set(fleet.runs.map((r) => r.gpu))).toEqual(new Set(['vm/0000:00:06.0']));
    const docs = await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8'))));
    const block = fleet.points.find((p) => p.mode === 'modes' && p.series === 'block');
    expect(block?.n).toBe(3);
    const values = docs.map(
      (d: { points: { series: string; perSyncNs: { median: number } }[] }) =>
        d.points.find((p) => p.series === 'block')?.perSyncNs.median as number,
    );
    expect(block?.medianNs).toBe(median(values));
    expect(block?.madNs).toBe(medianAbsoluteDeviation(values));
    expect(FleetFileSchema.safeParse(fleet).success).toBe(true);
  });
});

describe('fleet merge of a synthetic fleet', () => {
  it('names the injected outlier with its node, model and driver, and asks for a rerun', async () => {
    await writeSyntheticFleet(dir, {
      nodes: 2,
      gpusPerNode: 4,
      modes: 2,
      outlier: { node: 1, gpu: 2, factor: 1.3 },
    });
    const fleet = await mergeFleet(dir);
    expect(fleet.synthetic).toBe(true);
    expect(fleet.runs).toHaveLength(16);
    expect(fleet.counts).toMatchObject({ files: 24, results: 16, tasks: 8, skipped: 0 });
    const gpus = new Set(fleet.outliers.map((o) => o.gpu));
    expect(gpus).toEqual(new Set([syntheticGpu(1, 2)]));
    expect(fleet.outliers).toHaveLength(8); // 4 points × 2 modes
    for (const o of fleet.outliers) {
      expect(o.node).toBe('synthetic-node-01');
      expect(o.relDeviation).toBeGreaterThan(0.25);
      expect(o.robustZ).toBeGreaterThan(3.5);
    }
    const group = fleet.groups.find((g) => g.node === 'synthetic-node-01');
    expect(group).toMatchObject({ driver: 'synthetic-1', runs: 8, outlierGpus: [syntheticGpu(1, 2)] });
    expect(fleet.rerun).toEqual([
      expect.objectContaining({
        node: 'synthetic-node-01',
        gpu: syntheticGpu(1, 2),
        why: 'outlier in 8 points',
      }),
    ]);
    const md = fleetSummaryMarkdown(fleet);
    expect(md).toMatch(/Synthetic input/);
    expect(md).toContain(`${syntheticGpu(1, 2)}`);
  });

  it('the summary counts in singular and plural: 1 GPU on 1 node, 2 GPUs on 2 nodes', async () => {
    await writeSyntheticFleet(dir, { nodes: 1, gpusPerNode: 1, modes: 1 });
    const one = fleetSummaryMarkdown(await mergeFleet(dir));
    expect(one).toMatch(/^# Fleet: 1 result file from 1 GPU on 1 node$/m);
    expect(one).toMatch(/^Read 2 files: 1 result, 1 task record,/m);
    const two = await mkdtemp(join(tmpdir(), 'sb-fleet-two-'));
    try {
      await writeSyntheticFleet(two, { nodes: 2, gpusPerNode: 1, modes: 1 });
      expect(fleetSummaryMarkdown(await mergeFleet(two))).toMatch(
        /^# Fleet: 2 result files from 2 GPUs on 2 nodes$/m,
      );
    } finally {
      await rm(two, { recursive: true, force: true });
    }
  });

  it('a relative floor above the injected deviation finds nothing; a tighter one still only that GPU', async () => {
    await writeSyntheticFleet(dir, {
      nodes: 1,
      gpusPerNode: 6,
      modes: 1,
      outlier: { node: 0, gpu: 3, factor: 1.1 },
    });
    const loose = await mergeFleet(dir, { robustZ: 3.5, relDeviation: 0.2, minGroupSize: 3 });
    expect(loose.outliers).toHaveLength(0);
    const tight = await mergeFleet(dir, { robustZ: 3.5, relDeviation: 0.05, minGroupSize: 3 });
    expect(new Set(tight.outliers.map((o) => o.gpu))).toEqual(new Set([syntheticGpu(0, 3)]));
  });

  it('reports failed tasks with their reason, unreadable files and other JSON, and loses nothing', async () => {
    await writeSyntheticFleet(dir, { nodes: 1, gpusPerNode: 3, modes: 1, failed: [{ node: 0, gpu: 1 }] });
    await mkdir(join(dir, 'odd'));
    await writeFile(join(dir, 'odd', 'broken.json'), '{"format": "syncbench-result", ');
    await writeFile(join(dir, 'odd', 'other.json'), '{"hello": 1}');
    const fleet = await mergeFleet(dir);
    expect(fleet.counts).toMatchObject({ files: 7, results: 2, tasks: 3, skipped: 1 });
    const reasons = fleet.failures.map((f) => `${f.node} ${f.mode ?? '-'} ${f.reason}`);
    expect(reasons).toContain('synthetic-node-00 synthetic_mode_0 no usable GPU (synthetic failure)');
    expect(reasons.some((r) => /^odd - not JSON/.test(r))).toBe(true);
    expect(fleet.rerun.map((r) => r.gpu)).toContain(syntheticGpu(0, 1));
  });

  it('writes a fleet file that reads back, and refuses one with a wrong field', async () => {
    await writeSyntheticFleet(dir, { nodes: 1, gpusPerNode: 3, modes: 1 });
    const fleet = await mergeFleet(dir);
    const path = join(dir, 'fleet.json');
    await writeFleetFile(path, fleet);
    expect(await readFleetFile(path)).toEqual(fleet);
    await writeFile(path, JSON.stringify({ ...fleet, version: 99 }));
    await expect(readFleetFile(path)).rejects.toThrow(/not a valid fleet file: version/);
    // The merge skips a fleet file it finds among the results.
    await writeFleetFile(path, fleet);
    expect((await mergeFleet(dir)).counts.skipped).toBe(1);
  });
});
