import { describe, expect, it } from 'vitest';

import { formatResult } from '../../../electron/core/format';
import { methodsMarkdown } from '../../../electron/model/methods';
import { syntheticResult } from '../../fixtures/synthetic-result';
import { reference } from './reference';

/** The text between `## Method` and the next level-2 heading. */
function methodOf(md: string): string {
  const start = md.indexOf('\n## Method\n');
  const end = md.indexOf('\n## ', start + 1);
  return md.slice(start, end);
}

describe('the Markdown export carries the method', () => {
  it('a measured result: its own plan, both figures per point, and its mode’s sections', () => {
    const result = reference('h200-modes_a.json');
    const method = methodOf(formatResult(result, 'md'));
    expect(method).toContain('- Stopping rule of this run: warm-up 2 repetitions;');
    expect(method).toContain('### Both figures of this run');
    const block = result.points.find((p) => p.series === 'block')!;
    expect(method).toMatch(new RegExp(`\\| 1 +\\| ${block.label} +\\| 256 +\\| 33024 +\\|`));
    expect(method).toContain(methodsMarkdown(['modes'], 3).trimEnd());
    expect(method).toContain('### Whole-kernel figure and per-sync figure');
  });

  it('published values: what is and is not known, no plan of this product', () => {
    const method = methodOf(formatResult(syntheticResult({ sourceKind: 'published' }), 'md'));
    expect(method).toContain('not measured by this product');
    expect(method).not.toContain('### Mode');
  });
});
