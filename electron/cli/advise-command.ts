/**
 * `syncbench advise --answers FILE.json [--format json|md]`: the "which barrier?" engine headless. Costs come from
 * the newest matching measurement in the results folder, else the shipped reference datasets (labelled as such).
 */
import path from 'node:path';

import { Option, type Command } from 'commander';

import { attachCosts } from '../core/decide/costs';
import { advise } from '../core/decide/engine';
import { DecideError } from '../core/decide/errors';
import { loadDecisionTable } from '../core/decide/load-table';
import { adviseToMarkdown } from '../core/decide/markdown';
import { ResultsLibrary } from '../core/results/library';
import { costRowsFromLibrary } from '../core/service/advice-costs';
import { figuresFromLibrary } from '../core/service/advice-figures';
import { readAnswersFile } from '../core/service/answers-input';
import { defaultResultsDir } from '../core/service/paths';
import { findAppRoot } from '../core/app-root';
import { EXIT } from './exit-codes';
import { checkOutTarget, emit, formatFor } from './output';

const ADVICE_FORMATS = ['md', 'json'] as const;

/** Registers `advise --answers FILE [-f md|json] [-o FILE|-] [--results DIR]`. */
export function registerAdviseCommand(program: Command): void {
  program
    .command('advise')
    .description(
      'answer "which barrier?" for a producer/consumer described in an answers file (docs/decision-engine.md)',
    )
    .requiredOption('--answers <file>', 'answers JSON (question id -> answer id)')
    .addOption(new Option('-f, --format <format>', 'output format (default md)').choices([...ADVICE_FORMATS]))
    .option('-o, --out <file>', 'write to a file instead of stdout (- for stdout)')
    .option('--results <dir>', "results folder to price the advice from (default: the app's user folder)")
    .action(async (o: { answers: string; format?: 'json' | 'md'; out?: string; results?: string }) => {
      const root = findAppRoot(import.meta.url);
      process.exitCode = await adviseCommand({
        ...o,
        format: formatFor(o.format, o.out, ADVICE_FORMATS, 'md'),
        resultsDir: o.results ?? defaultResultsDir(),
        resourcesDir: path.join(root, 'resources'),
      });
    });
}

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
  await checkOutTarget(opts.out);
  try {
    const raw = await readAnswersFile(opts.answers);
    const table = loadDecisionTable(path.join(opts.resourcesDir, 'decision', 'decision-table.json'));
    const bare = advise(table, raw, await figuresFromLibrary(library));
    const advice = attachCosts(bare, await costRowsFromLibrary(bare, library));
    const md = opts.format === 'md';
    await emit(md ? adviseToMarkdown(advice) : JSON.stringify(advice, null, 2), opts.out, { markdown: md });
    return EXIT.ok;
  } catch (err) {
    if (err instanceof DecideError) {
      process.stderr.write(`syncbench advise: ${err.message}\n`);
      return EXIT.invalid;
    }
    const problem = answersFileProblem(err);
    if (problem) {
      process.stderr.write(`syncbench advise: --answers ${opts.answers}: ${problem}; ${ANSWERS_EXPECTED}\n`);
      return EXIT.invalid;
    }
    throw err;
  }
}

/** What `--answers` must name, said after every problem with the file. */
const ANSWERS_EXPECTED =
  'give an answers file: a JSON object of question id -> answer id (docs/decision-engine.md, "Answer format"; ' +
  'examples in docs/examples/advise/)';

/** Why the answers file could not be read, in words (null: not a file-system problem). */
function answersFileProblem(err: unknown): string | null {
  switch ((err as NodeJS.ErrnoException).code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return 'the file does not exist';
    case 'EISDIR':
      return 'is a folder, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'the file cannot be read (permission denied)';
    default:
      return null;
  }
}
