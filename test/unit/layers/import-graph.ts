// The import graph of electron/ and renderer/ as dependency-cruiser reads it (.dependency-cruiser.mjs: type-only
// and dynamic imports count), and its circles: strongly connected sets of files, and of folders (FOLDER).
import path from 'node:path';

import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

import { FOLDER } from '../../../.dependency-cruiser.mjs';

/** A module → the modules it imports (repository-relative paths, '/'-separated). */
export type Graph = Map<string, Set<string>>;

/** Cruises electron/ and renderer/ under `root` with the repository's rules; `violations` are the rules' findings. */
export async function importGraph(
  root: string,
): Promise<{ graph: Graph; violations: { rule: string; from: string; to: string; cycle: string[] }[] }> {
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.mjs'));
  const tsConfig = extractTSConfig(path.join(root, 'tsconfig.json'));
  const reported = await cruise(
    ['electron', 'renderer'],
    { ...options, baseDir: root, outputType: 'json', validate: true },
    undefined,
    { tsConfig },
  );
  const result = (
    typeof reported.output === 'string' ? JSON.parse(reported.output) : reported.output
  ) as ICruiseResult;
  const graph: Graph = new Map();
  for (const m of result.modules) {
    const to = m.dependencies
      .filter((d) => d.resolved.match(/^(electron|renderer)\//))
      .map((d) => d.resolved);
    graph.set(m.source, new Set(to));
  }
  // A circle is reported once per edge that starts it; its other members are in `cycle` only.
  const violations = result.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
    cycle: (v.cycle ?? []).map((c) => (typeof c === 'string' ? c : c.name)),
  }));
  return { graph, violations };
}

/** The folder of a module (FOLDER's match), or the module itself for a file outside every folder. */
export function folderOf(file: string): string {
  return new RegExp(FOLDER).exec(file)?.[1] ?? file;
}

/** The graph with every module replaced by its folder (edges inside one folder dropped). */
export function folderGraph(graph: Graph): Graph {
  const folders: Graph = new Map();
  for (const [from, tos] of graph) {
    const a = folderOf(from);
    const set = folders.get(a) ?? new Set<string>();
    for (const to of tos) if (folderOf(to) !== a) set.add(folderOf(to));
    folders.set(a, set);
  }
  return folders;
}

/**
 * The circles of a graph: its strongly connected sets of more than one node, and single nodes that import
 * themselves; each sorted, the list sorted (Tarjan's algorithm; recursive, as the graphs have a few hundred nodes).
 */
export function circles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const set: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      set.push(w);
    } while (w !== v);
    if (set.length > 1 || graph.get(v)?.has(v)) found.push(set.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The pairs of distinct nodes that import each other, as "a ↔ b" (a < b). */
export function pairsTiedBothWays(graph: Graph): string[] {
  const pairs: string[] = [];
  for (const [a, tos] of graph)
    for (const b of tos) if (a < b && graph.get(b)?.has(a)) pairs.push(`${a} ↔ ${b}`);
  return pairs.sort();
}
