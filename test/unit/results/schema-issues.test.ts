import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { ResultFileError } from '../../../electron/core/results/errors';
import { parseResultFile } from '../../../electron/core/results/io';
import { checkResultSchema } from '../../../electron/core/results/schema-issues';
import { ResultFileSchema } from '../../../electron/model/results/schema';
import { syntheticResult } from '../../fixtures/synthetic-result';

const reference = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../resources/reference/h200-modes.json',
);

function refusal(run: () => unknown): ResultFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof ResultFileError) return error;
    throw error;
  }
  throw new Error('expected a ResultFileError');
}

describe('checkResultSchema', () => {
  it('refuses a file of 100,000 points that hold only an index, naming the first bad point and its field', () => {
    const doc = JSON.parse(readFileSync(reference, 'utf8')) as Record<string, unknown>;
    doc.points = Array.from({ length: 100_000 }, (_, index) => ({ index }));
    const error = refusal(() => parseResultFile(JSON.stringify(doc), 'points.json'));
    expect(error.code).toBe('INVALID');
    expect(error.message).toMatch(/^points\.json: .*points\[0\]\.series: missing \(expected string\)/);
    expect(error.message).toMatch(/; points after points\[4\] were not checked/);
    expect(error.message).not.toMatch(/points\[5\]/);
  });

  it('gives the issues of a whole-file parse, in its order, when it checks every point', () => {
    const result = syntheticResult() as unknown as Record<string, unknown> & {
      points: Record<string, unknown>[];
    };
    result.name = 7;
    result.ratios = 'none';
    result.extra = true;
    result.points[1]!.reps = 'many';
    result.points[2]!.label = '';
    const whole = ResultFileSchema.safeParse(result, { reportInput: true });
    const checked = checkResultSchema(result);
    expect(checked.success).toBe(false);
    if (checked.success || whole.success) throw new Error('expected both to refuse');
    expect(checked.stoppedAtPoint).toBeNull();
    expect(checked.issues.map((issue) => [issue.code, issue.path])).toEqual(
      whole.error.issues.map((issue) => [issue.code, issue.path]),
    );
  });

  it('returns the same data as a whole-file parse for a valid file', () => {
    const result = syntheticResult();
    const checked = checkResultSchema(result);
    expect(checked).toEqual({ success: true, data: ResultFileSchema.parse(result) });
    if (!checked.success) throw new Error('expected success');
    expect(JSON.stringify(checked.data)).toBe(JSON.stringify(ResultFileSchema.parse(result)));
  });
});
