/** `syncbench compare A.json B.json [...] [--format md|csv|json]`: the same table with deltas, ratios, verdicts. */
import { Option, type Command } from 'commander';

import { COMPARISON_FORMATS, compareResults, formatComparison, type ComparisonFormat } from '../core/compare';
import { ResultFileError } from '../core/results/errors';
import { readResultFile } from '../core/results/io';
import type { ResultFile } from '../model/results/schema';
import { EXIT } from './exit-codes';
import { checkOutTarget, emit, formatFor } from './output';

/** Registers `compare A.json B.json [...] [-f md|csv|json] [-o FILE|-]`. */
export function registerCompareCommand(program: Command): void {
  program
    .command('compare')
    .description('compare two or more result files: deltas, ratios, a verdict per row, and what differs')
    .argument('<files...>', 'result files (JSON)')
    .addOption(new Option('-f, --format <format>', 'output format').choices([...COMPARISON_FORMATS]))
    .option('-o, --out <file>', 'write to a file instead of stdout (- for stdout)')
    .action(async (files: string[], o: { format?: ComparisonFormat; out?: string }) => {
      process.exitCode = await compareCommand(files, o);
    });
}

/** Returns 0, or 2 when fewer than two files are given or one is refused (the message names the field). */
export async function compareCommand(
  files: string[],
  opts: { format?: ComparisonFormat; out?: string },
): Promise<number> {
  if (files.length < 2) {
    process.stderr.write('syncbench compare: give at least two result files\n');
    return EXIT.invalid;
  }
  const format = formatFor(opts.format, opts.out, COMPARISON_FORMATS, 'md');
  await checkOutTarget(opts.out);
  const results: ResultFile[] = [];
  for (const file of files) {
    try {
      results.push(await readResultFile(file));
    } catch (err) {
      if (err instanceof ResultFileError) {
        process.stderr.write(`syncbench compare: ${err.message}\n`);
        return EXIT.invalid;
      }
      throw err;
    }
  }
  await emit(formatComparison(compareResults(results), format), opts.out, {
    markdown: format === 'md',
  });
  return EXIT.ok;
}
