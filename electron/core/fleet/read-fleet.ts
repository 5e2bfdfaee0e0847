/**
 * `fleet merge`'s reading side (docs/fleet.md#fleet-merge): every result file and task record below a folder,
 * streamed one file at a time into a FleetMerge. Each result keeps only one per-sync median per point, so memory
 * stays bounded by the number of points, not by the files' samples. Nothing is dropped silently: a file that cannot
 * be read or is not valid, and every entry the walk did not read (a FIFO, device, broken link, link loop: walk.ts),
 * becomes a failure with the reason; JSON that is neither a result nor a task record is counted as skipped.
 */
import { relative } from 'node:path';

import { FleetMerge } from '../../model/fleet/merge';
import { TASK_FORMAT, TaskRecordSchema, type TaskRecord } from '../../model/fleet/task-schema';
import { RESULT_FORMAT, type ResultFile } from '../../model/results/schema';
import { validateResultFile } from '../results/io';
import { readAhead } from './read-ahead';
import { runOf, taskFailures } from './run-identity';

/** What was read: the merge to finish, and the counts for the fleet file. */
export interface FleetRead {
  merge: FleetMerge;
  counts: { files: number; tasks: number; skipped: number };
}

type Classified =
  { kind: 'result'; result: ResultFile } | { kind: 'task'; task: TaskRecord } | { kind: 'other' };

function classify(text: string, name: string): Classified {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new Error(`not JSON (${(err as Error).message})`);
  }
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
  let task: { dir: string; record: TaskRecord } | null = null;
  for await (const { dir, path, text, problem, skipped } of readAhead(root)) {
    if (!skipped) counts.files += 1;
    const name = relative(root, path) || path;
    let item: Classified;
    try {
      if (text === null) throw new Error(problem ?? 'cannot be read');
      item = classify(text, name);
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
      const { run, points, failure } = runOf(item.result, name, task?.dir === dir ? task.record : null);
      if (failure) merge.addFailure(failure);
      else merge.addRun(run, points);
    } else counts.skipped += 1;
  }
  return { merge, counts };
}
