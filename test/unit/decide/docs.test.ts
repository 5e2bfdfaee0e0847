import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { advise } from '../../../electron/core/decide/engine';
import { adviseToMarkdown } from '../../../electron/core/decide/markdown';
import { EXAMPLES_DIR, ROOT, example, table } from './load';

const doc = readFileSync(`${ROOT}docs/decision-engine.md`, 'utf8');

/** The fenced block that follows an HTML comment marker in the document. */
function blockAfter(marker: string): string {
  const match = new RegExp(`<!-- ${marker} -->\\n\\n\`\`\`\\w+\\n([\\s\\S]*?)\\n\`\`\`\\n`).exec(doc);
  if (!match?.[1]) throw new Error(`no block after <!-- ${marker} -->`);
  return match[1];
}

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
    expect(advise(table, raw).recommendation).toBeTruthy();
  });
});
