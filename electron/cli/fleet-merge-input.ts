/**
 * What `fleet merge` reads and where it writes (docs/fleet.md#fleet-merge): the default fleet file lies beside the
 * merged folder, never inside it, and a folder in which nothing was found to merge is bad input (exit 2) with what
 * was looked at and what is expected, not an empty fleet file.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

import type { FleetTally } from '../core/fleet/read-fleet';
import type { FleetFile } from '../model/fleet/fleet-schema';
import { countOf } from '../model/words/plural';
import { UsageError } from './output';

/**
 * The default `--out` for `fleet merge DIR`: `<DIR>-fleet.json` beside DIR (`/shared/sb/run1` →
 * `/shared/sb/run1-fleet.json`), an absolute path outside DIR, so a later merge of DIR never meets it.
 * @throws UsageError when DIR is the root folder (nothing lies beside it): --out must be given.
 */
export function defaultFleetOut(dir: string): string {
  const folder = path.resolve(dir);
  const parent = path.dirname(folder);
  if (parent === folder) {
    throw new UsageError(`fleet merge ${dir}: the root folder has no folder beside it; give --out FILE`);
  }
  return path.join(parent, `${path.basename(folder)}-fleet.json`);
}

const EXPECTED = '(expected a folder of result files and task records)';

/**
 * Checks `fleet merge`'s DIR before anything is read: it must exist and be a folder (a symlink counts as what it
 * points to). @throws UsageError "fleet merge: DIR <dir> does not exist (expected …)" or "… is a file, not a folder".
 */
export async function checkMergeDir(dir: string): Promise<void> {
  const found = await stat(dir).catch(() => null);
  if (!found) throw new UsageError(`fleet merge: DIR ${dir} does not exist ${EXPECTED}`);
  if (!found.isDirectory()) {
    throw new UsageError(
      `fleet merge: DIR ${dir} is ${found.isFile() ? 'a file' : 'not a folder'} ${EXPECTED}`,
    );
  }
}

/**
 * Null when `fleet` has something to merge (a result file, valid or failed, or a task record); otherwise the
 * message: how many `.json` files were looked at, how many were skipped and why, what could not be read, and what is
 * expected below `dir`.
 */
export function nothingToMerge(dir: string, fleet: FleetFile, tally: FleetTally): string | null {
  if (tally.resultFiles > 0 || fleet.counts.tasks > 0) return null;
  const { files, skipped } = fleet.counts;
  const other = skipped - tally.fleetOutputs;
  const parts = [
    `${countOf(files, '.json file')} looked at`,
    `${tally.fleetOutputs} skipped as fleet outputs (an earlier merge's fleet file or a Job recipe; never read as input)`,
    `${other} skipped as other JSON (neither a result file nor a task record)`,
    `${fleet.failures.length} could not be read${fleet.failures.length > 0 ? ' (listed below)' : ''}`,
  ];
  const failures = fleet.failures.slice(0, 10).map((f) => `\n  ${f.file}: ${f.reason}`);
  const more = fleet.failures.length > 10 ? `\n  … and ${fleet.failures.length - 10} more` : '';
  return (
    `fleet merge: no result files or task records in ${dir}: ${parts.join(', ')}; nothing was written. ` +
    `Expected below ${dir}: the result files and task records (task.json) that \`syncbench fleet task --results ${dir}\` ` +
    `writes, or result files of \`syncbench run\`.${failures.join('')}${more}`
  );
}
