/**
 * `fleet merge`'s reading side (docs/fleet.md#fleet-merge): every result file and task record below a folder,
 * streamed one file at a time into a FleetMerge. Each result keeps only one per-sync median per point, so memory
 * stays bounded by the number of points, not by the files' samples. Nothing is dropped silently: a file that cannot
 * be read or is not valid, and every entry the walk did not read (a FIFO, device, broken link, link loop: walk.ts),
 * becomes a failure with the reason; JSON that is neither a result nor a task record is counted as skipped, and a
 * fleet output (an earlier merge's fleet file, a Job recipe: fleet-output.ts) is never read as input.
 */
import { relative } from 'node:path';

import { FleetMerge } from '../../model/fleet/merge';
import { TASK_FORMAT, TaskRecordSchema, type TaskRecord } from '../../model/fleet/task-schema';
import { RESULT_FORMAT, type ResultFile } from '../../model/results/schema';
import { validateResultFile } from '../results/io';
import { fleetOutputKind, isFleetFileHead } from './fleet-output';
import { readAhead } from './read-ahead';
import { runOf, taskFailures } from './run-identity';

/**
 * What was read: the merge to finish, and the counts for the fleet file (`skipped`: every JSON file that is neither
 * a result nor a task record). `tally`: the result files found (valid or failed), and how many of the skipped were
 * fleet outputs (fleet-output.ts).
 */
export interface FleetRead {
  merge: FleetMerge;
  counts: { files: number; tasks: number; skipped: number };
  tally: FleetTally;
}

/** Besides the fleet file's counts: result files found (valid or failed) and fleet outputs skipped. */
export interface FleetTally {
  resultFiles: number;
  fleetOutputs: number;
}

type Classified =
  | { kind: 'result'; result: ResultFile }
  | { kind: 'task'; task: TaskRecord }
  | { kind: 'fleet-output' }
  | { kind: 'other' };

function classify(text: string, name: string): Classified {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new Error(`not JSON (${(err as Error).message})`);
  }
  if (fleetOutputKind(doc)) return { kind: 'fleet-output' };
  const format = (doc as { format?: unknown } | null)?.format;
  if (format === RESULT_FORMAT) return { kind: 'result', result: validateResultFile(doc, name) };
  if (format === TASK_FORMAT) {
    const parsed = TaskRecordSchema.safeParse(doc);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || '(root)';
      throw new Error(`not a valid task record: ${where}: ${issue?.message ?? 'invalid'}`);
    }
    return { kind: 'task', task: parsed.data };
  }
  return { kind: 'other' };
}

/**
 * Reads every `.json` below `root` into a FleetMerge (fleet files, selftest reports and other JSON are skipped);
 * `counts.files` counts the files read, the entries not read are failures ("not read: a FIFO …").
 * @throws when `root` cannot be listed (ENOENT, ENOTDIR, EACCES: the CLI's exit 2).
 */
export async function readFleet(root: string): Promise<FleetRead> {
  const merge = new FleetMerge();
  const counts = { files: 0, tasks: 0, skipped: 0 };
  const tally: FleetTally = { resultFiles: 0, fleetOutputs: 0 };
  let task: { dir: string; record: TaskRecord } | null = null;
  for await (const { dir, path, text, problem, skipped, head } of readAhead(root)) {
    if (!skipped) counts.files += 1;
    const name = relative(root, path) || path;
    let item: Classified;
    try {
      if (text === null && head !== undefined && isFleetFileHead(head)) item = { kind: 'fleet-output' };
      else if (text === null) throw new Error(problem ?? 'cannot be read');
      else item = classify(text, name);
    } catch (err) {
      const node = relative(root, dir) || '.';
      merge.addFailure({
        node,
        gpu: null,
        job: null,
        mode: null,
        file: name,
        reason: (err as Error).message,
      });
      continue;
    }
    if (item.kind === 'task') {
      counts.tasks += 1;
      task = { dir, record: item.task };
      for (const failure of taskFailures(item.task, name)) merge.addFailure(failure);
    } else if (item.kind === 'result') {
      tally.resultFiles += 1;
      const { run, points, failure } = runOf(item.result, name, task?.dir === dir ? task.record : null);
      if (failure) merge.addFailure(failure);
      else merge.addRun(run, points);
    } else {
      counts.skipped += 1;
      if (item.kind === 'fleet-output') tally.fleetOutputs += 1;
    }
  }
  return { merge, counts, tally };
}
