/** `syncbench export FILE.json --format table|md|csv|json`: a saved result in another format. */
import { formatResult, RESULT_FORMATS, type ResultFormat } from '../core/format';
import { ResultFileError } from '../core/results/errors';
import { readResultFile } from '../core/results/io';
import { EXIT } from './exit-codes';
import { emit, formatFor } from './output';

/** Returns 0, or 2 when the file is refused (the message names the field). */
export async function exportCommand(
  file: string,
  opts: { format?: ResultFormat; out?: string },
): Promise<number> {
  try {
    const result = await readResultFile(file);
    await emit(formatResult(result, formatFor(opts.format, opts.out, RESULT_FORMATS, 'md')), opts.out);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof ResultFileError) {
      process.stderr.write(`syncbench export: ${err.message}\n`);
      return EXIT.invalid;
    }
    throw err;
  }
}
