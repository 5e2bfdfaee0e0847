/**
 * `syncbench advise --answers FILE.json [--format json|md]`: the "which barrier?" engine headless. Costs come from
 * the newest matching measurement in the results folder, else the shipped reference datasets (labelled as such).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

import { Option, type Command } from 'commander';

import { attachCosts } from '../model/decide/costs';
import { advise } from '../model/decide/engine';
import { DecideError } from '../model/decide/errors';
import { DECISION_TABLE_FILE, loadDecisionTable } from '../core/decide/load-table';
import { adviseToMarkdown } from '../model/decide/markdown';
import { ResultsLibrary } from '../core/results/library';
import { costRowsFromLibrary } from '../core/service/advice-costs';
import { figuresFromLibrary } from '../core/service/advice-figures';
import { readAnswersFile } from '../core/service/answers-input';
import { defaultResultsDir } from '../core/service/paths';
import { findAppRoot } from '../core/app-root';
import { EXIT } from './exit-codes';
import { FileReadError } from '../core/files/regular-file';
import { checkOutTarget, emit, formatFor, UsageError } from './output';

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
      await checkResultsDir(o.results);
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
    const table = loadDecisionTable(path.join(opts.resourcesDir, DECISION_TABLE_FILE));
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
  if (!(err instanceof FileReadError)) return null;
  switch (err.problem) {
    case 'NOT_FOUND':
      return 'the file does not exist';
    case 'NOT_A_FILE':
      return err.message.slice(err.path.length + 2).replace(/; give a file.*$|\.$/, '');
    case 'NO_PERMISSION':
      return 'the file cannot be read (permission denied)';
    default:
      return `cannot read the file: ${err.message}`;
  }
}

/**
 * Checks `--results DIR` when it is given: it must be a folder (a file there would be read as an empty library and
 * the advice priced from the reference datasets without a word). @throws UsageError naming --results.
 */
async function checkResultsDir(dir: string | undefined): Promise<void> {
  if (dir === undefined) return;
  const found = await stat(dir).catch(() => null);
  if (!found) {
    throw new UsageError(
      `--results ${dir}: the folder does not exist; give the results folder to price from`,
    );
  }
  if (!found.isDirectory()) {
    throw new UsageError(
      `--results ${dir}: is a file, not a folder; give the results folder to price from (a folder of result ` +
        'files; without --results the user folder of the app is used)',
    );
  }
}
