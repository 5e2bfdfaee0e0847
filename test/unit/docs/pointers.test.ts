// Pointers a reader can follow: a comment says the fact itself or cites the repository's own docs by anchor
// (CONTRIBUTING.md). It never cites an issue number or a seed file, and every path it names is a file of the
// repository — for a docs anchor (`docs/<name>.md#<heading>`), a heading of that document too.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { commentsOf, headingAnchors, type Comment } from './comments';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).trim().split('\n');
const trackedSet = new Set(tracked);

/** The code whose comments are checked: every tracked source file outside fixtures and generated text. */
const CODE = tracked
  .filter(
    (f) => /^(electron|renderer|scripts|bench|kernels|native\/src|eslint|test)\//.test(f) || !f.includes('/'),
  )
  .filter(
    (f) =>
      /\.(ts|mts|cts|js|mjs|cjs|vue|cu|cuh|cc|cpp|h|hpp|sh)$/.test(f) &&
      !f.startsWith('test/fixtures/malformed/'),
  );

const CITATION = /\b[Ii]ssues? #?\d+|\bseed 0?0\d\b/g;
const URL = /\b[a-z][a-z+.-]*:\/\/\S+/g;
const PATH =
  /(?<![\w/~.@:<>-])(?:\.{1,2}\/)*[\w.-]+(?:\/[\w.-]+)+\.(?:ts|mts|vue|mjs|cjs|js|cu|cuh|cc|cpp|h|md|json|txt|sh|yml|yaml)(?:#[\w-]+)?(?![\w/]|\.\w)/g;

/** The tracked file a path-like token names (a path relative to the root, or a tail of one), or null. */
function trackedFile(token: string): string | null {
  const bare = token.replace(/^(?:\.{1,2}\/)+/, '');
  if (trackedSet.has(bare)) return bare;
  return tracked.find((f) => f.endsWith(`/${bare}`)) ?? null;
}

/** A path the build writes (git ignores it: dist/, .gpu/…) or an installed package's file (node_modules/). */
function builtOrInstalled(token: string): boolean {
  if (token.startsWith('node_modules/')) return existsSync(path.join(root, token));
  try {
    execFileSync('git', ['check-ignore', '-q', '--no-index', token], { cwd: root });
    return true;
  } catch {
    return false;
  }
}

const anchorsOf = new Map<string, Set<string>>();
function hasAnchor(file: string, anchor: string): boolean {
  if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(readFileSync(path.join(root, file), 'utf8')));
  return anchorsOf.get(file)!.has(anchor);
}

/** What is wrong with one comment, each with its line: citations, and paths that name no file or heading. */
function problemsOf(comment: Comment): { line: number; what: string }[] {
  const problems: { line: number; what: string }[] = [];
  const lineOf = (index: number) => comment.line + comment.text.slice(0, index).split('\n').length - 1;
  for (const m of comment.text.matchAll(CITATION))
    problems.push({ line: lineOf(m.index), what: `cites "${m[0]}": say the fact, or cite docs/…md#anchor` });
  for (const m of comment.text.replace(URL, (u) => ' '.repeat(u.length)).matchAll(PATH)) {
    const [file, anchor] = m[0].split('#') as [string, string | undefined];
    const found = trackedFile(file);
    const line = lineOf(m.index);
    if (!found && !builtOrInstalled(file))
      problems.push({ line, what: `names ${file}, which is not a file of the repository` });
    else if (found && anchor && found.endsWith('.md') && !hasAnchor(found, anchor))
      problems.push({ line, what: `names ${found}#${anchor}, but ${found} has no heading with that anchor` });
  }
  return problems;
}

/** Every problem of the checked code, as `file:line: what`. */
function allProblems(): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const file of CODE) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = commentsOf(file, text).flatMap((c) =>
      problemsOf(c).map((p) => `${file}:${p.line}: ${p.what}`),
    );
    if (lines.length > 0) byFile.set(file, lines);
  }
  return byFile;
}

describe('pointers in comments', () => {
  const problems = allProblems();

  it('cite no issue or seed and name only files and headings that exist', () => {
    expect([...problems.values()].flat()).toEqual([]);
  });
});

describe('the pointer checks', () => {
  it('find citations, missing files and missing headings in every language', () => {
    const ts = commentsOf(
      'x.ts',
      "const s = '// issue 3 in a string';\n// issue 4 §2\n/* seed 000 */ export {};\n",
    );
    expect(ts.flatMap(problemsOf).map((p) => p.what)).toEqual([
      'cites "issue 4": say the fact, or cite docs/…md#anchor',
      'cites "seed 000": say the fact, or cite docs/…md#anchor',
    ]);
    const cu = commentsOf('k.cu', 'const char *s = "// issue 9"; // see native/src/validate.cc\n');
    expect(cu.flatMap(problemsOf).map((p) => p.what)).toEqual([
      'names native/src/validate.cc, which is not a file of the repository',
    ]);
    const vue = commentsOf(
      'V.vue',
      '<script setup lang="ts">\n// docs/methods.md#no-such-heading\n</script>\n<template><!-- issue 2 --></template>\n',
    );
    expect(vue.flatMap(problemsOf).map((p) => p.what)).toEqual([
      'names docs/methods.md#no-such-heading, but docs/methods.md has no heading with that anchor',
      'cites "issue 2": say the fact, or cite docs/…md#anchor',
    ]);
    const sh = commentsOf(
      's.sh',
      '#!/bin/sh\necho "#1" # docs/methods.md#the-difference-method, electron/model/modes/points.ts\n',
    );
    expect(sh.flatMap(problemsOf).map((p) => p.what)).toEqual([]);
  });
});
