/**
 * `syncbench advise --answers FILE.json [--format json|md]`: the "which barrier?" engine headless. Costs come from
 * the newest matching measurement in the results folder, else the shipped reference datasets (labelled as such).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

import { attachCosts } from '../core/decide/costs';
import { advise } from '../core/decide/engine';
import { DecideError } from '../core/decide/errors';
import { loadDecisionTable } from '../core/decide/load-table';
import { adviseToMarkdown } from '../core/decide/markdown';
import { ResultsLibrary } from '../core/results/library';
import { costRowsFromLibrary } from '../core/service/advice-costs';
import { EXIT } from './exit-codes';
import { emit } from './output';

/** Largest answers file read (a real one is well under 1 KiB). */
export const MAX_ANSWERS_BYTES = 256 * 1024;

/** Returns 0, or 2 when the answers file is unreadable, too large, not JSON, or has unknown questions/answers. */
export async function adviseCommand(opts: {
  answers: string;
  format: 'json' | 'md';
  out?: string;
  resultsDir: string;
  resourcesDir: string;
}): Promise<number> {
  let raw: unknown;
  try {
    const size = (await stat(opts.answers)).size;
    if (size > MAX_ANSWERS_BYTES) {
      process.stderr.write(
        `syncbench advise: ${opts.answers} is ${(size / 2 ** 20).toFixed(1)} MiB; an answers file is a small JSON ` +
          `object (at most ${MAX_ANSWERS_BYTES / 1024} KiB, see docs/decision-engine.md)\n`,
      );
      return EXIT.invalid;
    }
    raw = JSON.parse(await readFile(opts.answers, 'utf8'));
  } catch (err) {
    // Keep the parser's message short and printable: a binary file would echo its bytes.
    const why = (err as Error).message.replace(/[^\x20-\x7e]/g, '?').slice(0, 120);
    process.stderr.write(`syncbench advise: cannot read ${opts.answers} as a JSON answers file: ${why}\n`);
    return EXIT.invalid;
  }
  const library = new ResultsLibrary(opts.resultsDir, {
    referenceDirs: [path.join(opts.resourcesDir, 'reference')],
  });
  try {
    const table = loadDecisionTable(path.join(opts.resourcesDir, 'decision', 'decision-table.json'));
    const bare = advise(table, raw);
    const advice = attachCosts(bare, await costRowsFromLibrary(bare, library));
    await emit(opts.format === 'md' ? adviseToMarkdown(advice) : JSON.stringify(advice, null, 2), opts.out);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof DecideError) {
      process.stderr.write(`syncbench advise: ${err.message}\n`);
      return EXIT.invalid;
    }
    throw err;
  }
}
