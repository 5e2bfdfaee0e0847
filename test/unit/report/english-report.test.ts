/**
 * The English reports stay what they were before reports were given a language: the Markdown page of
 * a measured run with its compute-sanitizer report, of a published one, and the HTML report of a comparison of
 * both (stub page assets: the host's part of the page only). The golden files were written from the code before
 * the words moved to electron/model/words/en/report.ts; regenerate them only for an intended change of the English
 * (`UPDATE_GOLDEN=1 npx vitest run test/unit/report/english-report.test.ts`) and review the diff. The three results
 * are shipped with the app, so they are given as reference datasets, as the app and the CLI give them. A
 * comparison's chart title says how its runs are told apart.
 */
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { formatResult } from '../../../electron/core/format';
import { buildHtmlReport } from '../../../electron/core/report';
import type { ResultFile } from '../../../electron/model/results/schema';
import { comparisonPart } from '../../../electron/core/report/sections';
import { readResultFile } from '../../../electron/core/results/io';
import { NOW, readReportReferences, REF, STUB_ASSETS } from './report-fixtures';
import { expectGolden } from '../../golden/golden';

let modes: ResultFile;
let sanitized: ResultFile;
let published: ResultFile;
let referenceIds: ReadonlySet<string>;

beforeAll(async () => {
  ({ modes, sanitized, published } = await readReportReferences());
  referenceIds = new Set([modes.id, sanitized.id, published.id]);
});

describe('the English reports', () => {
  it('are unchanged as Markdown', () => {
    expectGolden('h200-modes.md.golden', formatResult(modes, 'md', { referenceIds }));
    expectGolden('h200-correctness_sanitizer.md.golden', formatResult(sanitized, 'md', { referenceIds }));
    expectGolden('chapter-rtx5090-modes.md.golden', formatResult(published, 'md', { referenceIds }));
  });

  it('are unchanged as HTML', () => {
    expectGolden(
      'comparison-report.html.golden',
      buildHtmlReport([modes, sanitized, published], STUB_ASSETS, { now: NOW, referenceIds }),
    );
  });
});

describe('the comparison chart title', () => {
  it('says how runs are told apart: by colour for bars, by dash and marker for lines', async () => {
    const [a, b, m1, m2] = await Promise.all(
      ['h200-sweep_a.json', 'h200-sweep_b.json', 'h200-modes_a.json', 'h200-modes_b.json'].map((f) =>
        readResultFile(path.join(REF, f)),
      ),
    );
    expect(comparisonPart([a!, b!]).chart.title).toBe(
      'Comparison of 2 runs (one dash and marker per run, one colour per series)',
    );
    expect(comparisonPart([m1!, m2!]).chart.title).toBe('Comparison of 2 runs (one colour per run)');
  });
});
