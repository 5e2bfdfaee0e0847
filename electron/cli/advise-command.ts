/**
 * `syncbench advise --answers FILE.json [--format json|md]`: the "which barrier?" engine headless. Costs come from
 * the newest matching measurement in the results folder, else the shipped reference datasets (labelled as such).
 */
import path from 'node:path';

import { attachCosts } from '../core/decide/costs';
import { advise } from '../core/decide/engine';
import { DecideError } from '../core/decide/errors';
import { loadDecisionTable } from '../core/decide/load-table';
import { adviseToMarkdown } from '../core/decide/markdown';
import { ResultsLibrary } from '../core/results/library';
import { costRowsFromLibrary } from '../core/service/advice-costs';
import { readAnswersFile } from '../core/service/answers-input';
import { EXIT } from './exit-codes';
import { emit } from './output';

/** Returns 0, or 2 when the answers file is unreadable, too large, not JSON, or has unknown questions/answers. */
export async function adviseCommand(opts: {
  answers: string;
  format: 'json' | 'md';
  out?: string;
  resultsDir: string;
  resourcesDir: string;
}): Promise<number> {
  const library = new ResultsLibrary(opts.resultsDir, {
    referenceDirs: [path.join(opts.resourcesDir, 'reference')],
  });
  try {
    const raw = await readAnswersFile(opts.answers);
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
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      process.stderr.write(`syncbench advise: cannot read --answers ${opts.answers} (${code})\n`);
      return EXIT.invalid;
    }
    throw err;
  }
}
