/**
 * What the Fleet view shows of a SYNTHETIC fleet (test/fixtures/synthetic-fleet.ts, merged by the real merge): the
 * GPUs of a point grouped by model and node, the filters, the injected outlier found and first, the boxes, the
 * figure's datasets and its synthetic footer, and the page's reading of fleet files and folders.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { quantile } from 'simple-statistics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { mergeFleet, writeFleetFile } from '../../../electron/core/fleet/fleet-file';
import type { FleetFile } from '../../../electron/model/fleet/fleet-schema';
import {
  filterChoices,
  gpuGroups,
  modesOf,
  outliersOf,
  pointName,
  pointsOf,
} from '../../../electron/model/fleet/gpu-groups';
import { FLEET_DATASETS, fleetChart } from '../../../renderer/figures/fleet-chart';
import { openFleetFolder, parseFleet } from '../../../renderer/components/fleet/open-fleet';
import { syntheticGpu, writeSyntheticFleet } from '../../fixtures/synthetic-fleet';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-fleet-groups-'));
let fleet: FleetFile;

beforeAll(async () => {
  await writeSyntheticFleet(dir, {
    nodes: 3,
    gpusPerNode: 4,
    modes: 2,
    outlier: { node: 2, gpu: 1, factor: 1.5 },
  });
  fleet = await mergeFleet(dir);
  await writeFleetFile(path.join(dir, 'fleet.json'), fleet);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Fleet view’s groups', () => {
  it('one key per point of a mode, every GPU at it grouped by model and node', () => {
    expect(modesOf(fleet)).toEqual(['synthetic_mode_0', 'synthetic_mode_1']);
    const keys = pointsOf(fleet, 'synthetic_mode_0');
    expect(keys.map(pointName)).toHaveLength(4);
    const block = keys.find((k) => k.label === 'block, 8 warps')!;
    const groups = gpuGroups(fleet, block);
    expect(groups.map((g) => g.node)).toEqual([
      'synthetic-node-00',
      'synthetic-node-01',
      'synthetic-node-02',
    ]);
    expect(groups.every((g) => g.values.length === 4)).toBe(true);
    const outliers = outliersOf(groups);
    expect(outliers.map((o) => o.gpu)).toEqual([syntheticGpu(2, 1)]);
    expect(outliers[0]!.relDeviation).toBeGreaterThan(0.3);
  });

  it('filters by node, driver and model; a filter nobody passes leaves no group', () => {
    const key = pointsOf(fleet, 'synthetic_mode_1')[0]!;
    const one = gpuGroups(fleet, key, { model: null, driver: null, node: 'synthetic-node-01' });
    expect(one).toHaveLength(1);
    expect(outliersOf(one)).toEqual([]);
    const { models, drivers, nodes } = filterChoices(fleet);
    expect(nodes).toHaveLength(3);
    expect(gpuGroups(fleet, key, { model: models[0]!, driver: drivers[0]!, node: null })).toHaveLength(3);
    expect(gpuGroups(fleet, key, { model: null, driver: 'no such driver', node: null })).toEqual([]);
  });

  it('boxes: quartiles of all values, whiskers over the GPUs that are not outliers', () => {
    const key = pointsOf(fleet, 'synthetic_mode_0')[0]!;
    const g = gpuGroups(fleet, key).find((x) => x.node === 'synthetic-node-02')!;
    const values = g.values.map((v) => v.perSyncNs);
    expect(g.box.q1).toBeCloseTo(quantile(values, 0.25));
    expect(g.box.q3).toBeCloseTo(quantile(values, 0.75));
    const kept = g.values.filter((v) => !v.outlier).map((v) => v.perSyncNs);
    expect(g.box.high).toBe(Math.max(...kept));
    expect(g.box.high).toBeLessThan(Math.max(...values));
  });
});

describe('the fleet figure', () => {
  it('draws every GPU once, the outlier in its own dataset, and says SYNTHETIC in the footer', () => {
    const key = pointsOf(fleet, 'synthetic_mode_0')[0]!;
    const groups = gpuGroups(fleet, key);
    const config = fleetChart({
      title: 't',
      groups,
      plot: 'strip',
      theme: 'light',
      locale: 'en',
      provenance: ['SYNTHETIC fleet data (a test or benchmark artefact): not a measurement'],
    });
    const sets = config.data.datasets;
    expect(sets[FLEET_DATASETS.gpus]!.data.length + sets[FLEET_DATASETS.outliers]!.data.length).toBe(12);
    expect((sets[FLEET_DATASETS.outliers]!.data as unknown as { gpu: string }[]).map((d) => d.gpu)).toEqual([
      syntheticGpu(2, 1),
    ]);
    expect(sets[FLEET_DATASETS.medians]!.data).toHaveLength(3);
    const plugins = config.options!.plugins as unknown as { provenance: { lines: string[] } };
    expect(plugins.provenance.lines[0]).toMatch(/^SYNTHETIC/);
  });
});

describe('opening a fleet in the page', () => {
  it('refuses text that is not JSON, and JSON that is no fleet file, naming the field', () => {
    const bad = parseFleet('{', 'x.json');
    expect(bad).toMatchObject({ ok: false, message: { key: 'fleetView.notJson' } });
    const wrong = parseFleet(JSON.stringify({ ...fleet, version: 2 }), 'x.json');
    expect(wrong).toMatchObject({
      ok: false,
      message: { key: 'fleetView.notFleet', detail: { message: /^version:/ } },
    });
    expect(parseFleet(JSON.stringify(fleet), 'fleet.json')).toMatchObject({ ok: true });
  });

  it('from a folder: its fleet.json, and each run’s result file by the path the fleet names', async () => {
    const text = readFileSync(path.join(dir, 'fleet.json'), 'utf8');
    const asPicked = (rel: string, body: string) => {
      const file = new File([body], rel.split('/').pop()!);
      Object.defineProperty(file, 'webkitRelativePath', { value: `picked/${rel}` });
      return file;
    };
    const run = fleet.runs[0]!;
    const files = [asPicked('fleet.json', text), asPicked(run.file, '{}'), asPicked('notes.txt', '')];
    const opened = await openFleetFolder(files);
    expect(opened.ok && opened.results.has(run.file)).toBe(true);
    expect(opened.ok && opened.results.size).toBe(1);
    expect(await openFleetFolder([asPicked('other.json', '{}')])).toMatchObject({
      ok: false,
      message: { key: 'fleetView.noFleetInFolder' },
    });
  });
});
