import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { advise } from '../../../electron/model/decide/engine';
import { adviseToMarkdown } from '../../../electron/model/decide/markdown';
import { EXAMPLES_DIR, ROOT, example, table, workedSummary } from './load';

const doc = readFileSync(`${ROOT}docs/decision-engine.md`, 'utf8');

/** The fenced block (three or more backticks) that follows an HTML comment marker in the document. */
function blockAfter(marker: string, from = 0): string {
  const re = new RegExp(`<!-- ${marker} -->\\n\\n(\`{3,})\\w+\\n([\\s\\S]*?)\\n\\1\\n`, 'g');
  re.lastIndex = from;
  const match = re.exec(doc);
  if (!match?.[2]) throw new Error(`no block after <!-- ${marker} -->`);
  return match[2];
}

/** The worked examples (docs/decision-engine.md#worked-examples-table-version-2): one per concept, plus a migrated answers file of version 1. */
const WORKED = [
  'relaxed-flag-last-block',
  'lookback-block-index',
  'ragged-loop-full-mask',
  'legacy-warp-reduce',
  'shared-across-blocks',
  'cluster-grid-sync-counted-in-clusters',
  'grid-sync-normal-exceeds',
  'table-v1-grid-sync-normal-launch',
];

/**
 * The example files kept in an older table version on purpose, each with the doc that needs it: every other one
 * is written for the current table (the README runs one; an old file would print "Migrated from an older table
 * version").
 */
const OLD_EXAMPLES: Readonly<Record<string, string>> = {
  'table-v1-grid-sync-normal-launch.json': 'docs/decision-engine.md#answers-of-table-version-1',
};

describe('docs/decision-engine.md', () => {
  it('names every question, answer, recommendation, hazard and rule id', () => {
    const ids = [
      ...table.questions.flatMap((q) => [q.id, ...q.answers.map((a) => a.id)]),
      ...table.recommendations.map((r) => r.id),
      ...table.hazards.map((h) => h.id),
      ...table.rules.map((r) => r.id),
    ];
    const missing = ids.filter((id) => !doc.includes(`\`${id}\``));
    expect(missing).toEqual([]);
  });

  it('shows the example answers file and its real output', () => {
    const name = 'shfl-full-mask-half-warp';
    expect(JSON.parse(blockAfter(`example: docs/examples/advise/${name}.json`))).toEqual(example(name));
    const advice = advise(table, example(name));
    expect(JSON.parse(blockAfter('output-json'))).toEqual(advice);
    expect(`${blockAfter('output-md')}\n`).toBe(adviseToMarkdown(advice));
  });

  it('shows every worked example file and its real result', () => {
    for (const name of WORKED) {
      const marker = `worked: docs/examples/advise/${name}.json`;
      expect(doc, name).toContain(`<!-- ${marker} -->`);
      expect(JSON.parse(blockAfter(marker))).toEqual(example(name));
      const at = doc.indexOf(`<!-- ${marker} -->`);
      expect(blockAfter('worked-result', at), name).toBe(workedSummary(advise(table, example(name))));
    }
    const shown = [...doc.matchAll(/<!-- worked: docs\/examples\/advise\/([\w-]+)\.json -->/g)].map(
      (m) => m[1],
    );
    expect(shown).toEqual(WORKED);
  });

  it('shows a not-possible outcome, a migration and every new hazard of table version 2 in a worked example', () => {
    const results = WORKED.map((name) => advise(table, example(name)));
    expect(results.some((a) => a.outcome === 'not-possible')).toBe(true);
    expect(results.some((a) => a.migrated.length > 0)).toBe(true);
    expect(results.some((a) => a.recommendation === 'ordered-look-back')).toBe(true);
  });

  it('documents the lab defaults', () => {
    expect(doc).toContain('Reset restores x = 0.5 and w = -1');
    expect(doc).toContain('output sigmoid(0.5) ≈ 0.622');
  });
});

describe('docs/examples/advise', () => {
  const files = readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json'));

  it.each(files)('%s says what code it describes and gets advice', (file) => {
    const raw = example(file.replace(/\.json$/, '')) as Record<string, unknown>;
    expect(typeof raw.$comment).toBe('string');
    const advice = advise(table, raw);
    expect(advice.recommendation !== null || advice.options.length > 0).toBe(true);
  });

  it.each(files.filter((f) => !(f in OLD_EXAMPLES)))(
    '%s is written for the current table version',
    (file) => {
      const raw = example(file.replace(/\.json$/, '')) as Record<string, unknown>;
      expect(raw.$tableVersion).toBe(table.version);
      expect(advise(table, raw).migrated).toEqual([]);
    },
  );

  it.each(Object.entries(OLD_EXAMPLES))('%s is old on purpose (%s) and is migrated', (file, where) => {
    expect(files).toContain(file);
    expect(doc).toContain(`### ${where.split('#')[1]!.replace(/-/g, ' ').replace('answers', 'Answers')}`);
    expect(doc).toContain(`docs/examples/advise/${file}`);
    const raw = example(file.replace(/\.json$/, '')) as Record<string, unknown>;
    expect(raw.$tableVersion ?? 1).toBeLessThan(table.version);
    expect(advise(table, raw).migrated.length).toBeGreaterThan(0);
  });
});
