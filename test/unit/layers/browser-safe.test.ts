// The renderer reaches only browser-safe files of electron/: everything it imports (at run time or for types),
// followed through its imports, is in electron/contract/ or electron/model/, where lint bans Node. A renderer import
// of a Node core file fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { layerOf } from '../../../eslint/layers-plugin.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.(ts|vue)$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );
}

/** The relative imports of a .ts file or of a .vue file's script blocks. */
function importsOf(file: string): string[] {
  let text = readFileSync(file, 'utf8');
  if (file.endsWith('.vue'))
    text = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((f) => f.startsWith('.'));
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.vue`, path.join(base, 'index.ts')].find((c) =>
    statSync(c, { throwIfNoEntry: false })?.isFile(),
  );
}

/** Every file under electron/ that the renderer reaches, with one renderer file that leads to it. */
function reachedFromRenderer(): Map<string, string> {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const queue = sources(path.join(root, 'renderer')).map((f) => [f, rel(f)] as const);
  while (queue.length > 0) {
    const [file, via] = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of importsOf(file)) {
      const target = resolve(file, spec);
      expect(target, `${rel(file)} imports ${spec}, which is not a file`).toBeDefined();
      if (!target) continue;
      if (rel(target).startsWith('electron/') && !reached.has(rel(target))) reached.set(rel(target), via);
      queue.push([target, via]);
    }
  }
  return reached;
}

describe('the model', () => {
  it('holds every file of electron/ that the renderer reaches', () => {
    const reached = reachedFromRenderer();
    expect(reached.size).toBeGreaterThan(10);
    const outside = [...reached]
      .filter(([file]) => !['contract', 'model'].includes(layerOf(file)?.name ?? ''))
      .map(([file, via]) => `${file} (reached from ${via})`);
    expect(
      outside,
      'move these to electron/model/ (splitting off what needs Node), or stop importing them',
    ).toEqual([]);
  });
});
