// One direction between folders (docs/architecture.md#the-layers-and-what-each-may-import): over the import graph
// of electron/ and renderer/ (dependency-cruiser, .dependency-cruiser.mjs; type-only and dynamic imports count), no
// circle of files and no circle of folders — a folder pair tied both ways is the smallest one.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { circles, folderGraph, importGraph, pairsTiedBothWays, type Graph } from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The file circles of the graph, each as its members joined by ", ". */
function fileCircles(graph: Graph): string[] {
  return circles(graph).map((c) => c.join(', '));
}

describe('the import graph of electron/ and renderer/', () => {
  let graph: Graph;
  let violations: { rule: string; from: string; to: string }[];
  beforeAll(async () => {
    ({ graph, violations } = await importGraph(root));
  }, 120_000);

  it('has no circle of files', () => {
    expect(graph.size, 'the cruise found no modules').toBeGreaterThan(300);
    expect(fileCircles(graph), 'circles: move the shared type or helper to a file below both users').toEqual(
      [],
    );
  });

  it('has no folder pair tied both ways and no folder circle', () => {
    const folders = folderGraph(graph);
    expect(
      circles(folders).map((c) => c.join(', ')),
      `folder circles: move the shared type or helper to the folder below both users (pairs tied both ways: ${pairsTiedBothWays(folders).join('; ')})`,
    ).toEqual([]);
  });

  it('`npm run depcruise` knows no file circle (.dependency-cruiser-known-violations.json is empty)', () => {
    const file = path.join(root, '.dependency-cruiser-known-violations.json');
    const known = JSON.parse(readFileSync(file, 'utf8')) as unknown[];
    expect(
      known,
      'a known violation is a circle left standing: remove the circle, then regenerate the file',
    ).toEqual([]);
    expect(violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`)).toEqual([]);
  });
});

describe('the circle check', () => {
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(path.join(os.tmpdir(), 'syncbench-graph-'));
    for (const entry of [
      'electron',
      'renderer',
      '.dependency-cruiser.mjs',
      'tsconfig.json',
      'tsconfig.base.json',
    ])
      cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('fires on a planted import that ties two folders both ways', async () => {
    const schema = path.join(copy, 'electron/model/results/schema.ts');
    writeFileSync(schema, `import '../modes/index';\n${readFileSync(schema, 'utf8')}`);
    const { graph, violations } = await importGraph(copy);
    expect(fileCircles(graph).some((k) => k.includes('electron/model/results/schema.ts'))).toBe(true);
    const rest = folderGraph(graph);
    expect(
      circles(rest).some((c) => c.includes('electron/model/modes') && c.includes('electron/model/results')),
    ).toBe(true);
    expect(pairsTiedBothWays(rest)).toContain('electron/model/modes ↔ electron/model/results');
    expect(
      violations.some(
        (v) =>
          v.rule === 'no-circular' && [v.from, v.to, ...v.cycle].includes('electron/model/results/schema.ts'),
      ),
    ).toBe(true);
  }, 120_000);
});
