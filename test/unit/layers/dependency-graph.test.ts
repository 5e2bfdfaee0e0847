// One direction between folders (docs/architecture.md#the-layers-and-what-each-may-import): over the import graph
// of electron/ and renderer/ (dependency-cruiser, .dependency-cruiser.mjs; type-only and dynamic imports count), no
// circle of files and no circle of folders — a folder pair tied both ways is the smallest one. The circles that
// other engineers' packages remove are named below with who removes them; the lists must shrink to nothing, and a
// circle not on them fails.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { circles, folderGraph, importGraph, pairsTiedBothWays, type Graph } from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * File circles still on the tree, each removed by another package of the re-layering: key `files: …` (the circle's
 * members, sorted), value: who removes it and how. Remove an entry when its circle is gone; when a fix shrinks a
 * circle, replace the entry by the smaller one the failure prints.
 */
const FILE_CIRCLES_OWNED_ELSEWHERE: Record<string, string> = {};

/**
 * Folder imports that close folder circles today, each removed by another package: key `from → to` (folders),
 * value: who removes it. Without these edges the folder graph must have no circle; an edge that is gone must leave
 * the list.
 */
const FOLDER_EDGES_OWNED_ELSEWHERE: Record<string, string> = {
  'electron/model/words → electron/model/results':
    'words/report.ts and words/zh-CN/report.ts take the result types from electron/contract/result-file.ts',
  'electron/model/words → electron/model/decide':
    'the short-units work: ADVICE_WORDS leaves decide/advice-prose.ts for words/en/decide.ts',
};

/** The file circles of the graph as FILE_CIRCLES_OWNED_ELSEWHERE keys. */
function fileCircleKeys(graph: Graph): string[] {
  return circles(graph).map((c) => `files: ${c.join(', ')}`);
}

/** The folder graph without FOLDER_EDGES_OWNED_ELSEWHERE's edges. */
function foldersWithoutOwnedEdges(graph: Graph): Graph {
  const folders = folderGraph(graph);
  for (const edge of Object.keys(FOLDER_EDGES_OWNED_ELSEWHERE)) {
    const [from, to] = edge.split(' → ') as [string, string];
    folders.get(from)?.delete(to);
  }
  return folders;
}

describe('the import graph of electron/ and renderer/', () => {
  let graph: Graph;
  let violations: { rule: string; from: string; to: string }[];
  beforeAll(async () => {
    ({ graph, violations } = await importGraph(root));
  }, 120_000);

  it('has no circle of files but those other packages remove', () => {
    expect(graph.size, 'the cruise found no modules').toBeGreaterThan(300);
    const found = fileCircleKeys(graph);
    const fresh = found.filter((k) => !(k in FILE_CIRCLES_OWNED_ELSEWHERE));
    const gone = Object.keys(FILE_CIRCLES_OWNED_ELSEWHERE).filter((k) => !found.includes(k));
    expect(fresh, 'new circles: move the shared type or helper to a file below both users').toEqual([]);
    expect(
      gone,
      'circles gone or shrunk: remove or replace their FILE_CIRCLES_OWNED_ELSEWHERE entries',
    ).toEqual([]);
  });

  it('has no folder pair tied both ways and no folder circle but through the edges other packages remove', () => {
    const rest = foldersWithoutOwnedEdges(graph);
    expect(
      circles(rest).map((c) => c.join(', ')),
      `new folder circles: move the shared type or helper to the folder below both users (pairs tied both ways: ${pairsTiedBothWays(rest).join('; ')})`,
    ).toEqual([]);
    const folders = folderGraph(graph);
    const gone = Object.keys(FOLDER_EDGES_OWNED_ELSEWHERE).filter((edge) => {
      const [from, to] = edge.split(' → ') as [string, string];
      return !folders.get(from)?.has(to);
    });
    expect(gone, 'edges gone: remove them from FOLDER_EDGES_OWNED_ELSEWHERE').toEqual([]);
  });

  it('`npm run depcruise` knows exactly these file circles (.dependency-cruiser-known-violations.json)', () => {
    const file = path.join(root, '.dependency-cruiser-known-violations.json');
    const known = JSON.parse(readFileSync(file, 'utf8')) as {
      rule: { name: string };
      from: string;
      to: string;
    }[];
    const key = (v: { rule: string; from: string; to: string }) => `${v.rule}: ${v.from} → ${v.to}`;
    expect(
      known.map((v) => key({ rule: v.rule.name, from: v.from, to: v.to })).sort(),
      'regenerate it: npx depcruise electron renderer --config .dependency-cruiser.mjs --output-type baseline > .dependency-cruiser-known-violations.json',
    ).toEqual(violations.map(key).sort());
    const allowed = new Set(
      Object.keys(FILE_CIRCLES_OWNED_ELSEWHERE).flatMap((k) => k.slice('files: '.length).split(', ')),
    );
    expect(violations.flatMap((v) => [v.from, v.to]).filter((f) => !allowed.has(f))).toEqual([]);
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
    const fresh = fileCircleKeys(graph).filter((k) => !(k in FILE_CIRCLES_OWNED_ELSEWHERE));
    expect(fresh.some((k) => k.includes('electron/model/results/schema.ts'))).toBe(true);
    const rest = foldersWithoutOwnedEdges(graph);
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
