/** `syncbench compare A.json B.json [...] [--format md|csv|json]`: the same table with deltas, ratios, verdicts. */
import { COMPARISON_FORMATS, compareResults, formatComparison, type ComparisonFormat } from '../core/compare';
import { ResultFileError } from '../core/results/errors';
import { readResultFile } from '../core/results/io';
import type { ResultFile } from '../core/results/schema';
import { EXIT } from './exit-codes';
import { emit, formatFor } from './output';

/** Returns 0, or 2 when fewer than two files are given or one is refused (the message names the field). */
export async function compareCommand(
  files: string[],
  opts: { format?: ComparisonFormat; out?: string },
): Promise<number> {
  if (files.length < 2) {
    process.stderr.write('syncbench compare: give at least two result files\n');
    return EXIT.invalid;
  }
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
  await emit(
    formatComparison(compareResults(results), formatFor(opts.format, opts.out, COMPARISON_FORMATS, 'md')),
    opts.out,
  );
  return EXIT.ok;
}
