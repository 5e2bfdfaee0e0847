/**
 * The zod check of a result file, in time linear in the file and with bounded memory for a malformed one: every
 * field but `points` first, then the points one by one with PointSchema, stopping at the MAX_ISSUES_SHOWN-th bad
 * point (diagnostics.ts: as many as a message lists) (a file of a million broken points would otherwise collect tens of millions of issues). Issues come out in
 * the order one whole-file safeParse gives them (the fields in schema order, an unknown top-level field last).
 */
import { z } from 'zod';

import { MAX_ISSUES_SHOWN } from './diagnostics';
import { PointSchema, ResultFileSchema, type ResultFile } from '../../model/results/schema';

/** Every field of a result file; `points` only as an array, its entries checked one by one. */
const HeadSchema = ResultFileSchema.extend({ points: z.array(z.unknown()) });

const SHAPE_KEYS = Object.keys(ResultFileSchema.shape);
const POINTS_AT = SHAPE_KEYS.indexOf('points');

/** A checked result, or its issues and the index of the last point checked when checking stopped early. */
export type SchemaCheck =
  | { success: true; data: ResultFile }
  | { success: false; issues: z.core.$ZodIssue[]; stoppedAtPoint: number | null };

/**
 * ResultFileSchema.safeParse(doc, { reportInput: true }), but stopping at the MAX_ISSUES_SHOWN-th bad point when
 * points follow it: then `stoppedAtPoint` is its index and no point after it was checked.
 */
export function checkResultSchema(doc: unknown): SchemaCheck {
  const head = HeadSchema.safeParse(doc, { reportInput: true });
  const points = head.success ? head.data.points : (doc as { points?: unknown } | null)?.points;
  if (!head.success && !Array.isArray(points)) {
    return { success: false, issues: head.error.issues, stoppedAtPoint: null };
  }
  const { parsed, issues: pointIssues, stoppedAtPoint } = checkPoints(points as unknown[]);
  if (head.success && pointIssues.length === 0) {
    return { success: true, data: { ...head.data, points: parsed } as ResultFile };
  }
  const headIssues = head.success ? [] : head.error.issues;
  const after = headIssues.findIndex((issue) => comesAfterPoints(issue.path));
  const split = after === -1 ? headIssues.length : after;
  const issues = [...headIssues.slice(0, split), ...pointIssues, ...headIssues.slice(split)];
  return { success: false, issues, stoppedAtPoint };
}

function checkPoints(points: unknown[]): {
  parsed: ResultFile['points'];
  issues: z.core.$ZodIssue[];
  stoppedAtPoint: number | null;
} {
  const parsed: ResultFile['points'] = [];
  const issues: z.core.$ZodIssue[] = [];
  let bad = 0;
  for (let index = 0; index < points.length; index += 1) {
    const point = PointSchema.safeParse(points[index], { reportInput: true });
    if (point.success) {
      parsed.push(point.data);
      continue;
    }
    for (const issue of point.error.issues) issues.push({ ...issue, path: ['points', index, ...issue.path] });
    bad += 1;
    if (bad >= MAX_ISSUES_SHOWN && index < points.length - 1)
      return { parsed, issues, stoppedAtPoint: index };
  }
  return { parsed, issues, stoppedAtPoint: null };
}

/** Whether a whole-file parse reports an issue at `path` after those of `points` (later fields, unknown keys). */
function comesAfterPoints(path: readonly PropertyKey[]): boolean {
  if (path.length === 0) return true;
  return SHAPE_KEYS.indexOf(String(path[0])) > POINTS_AT;
}
