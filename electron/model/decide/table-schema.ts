/**
 * The schema of the decision table (resources/decision/decision-table.json, format `syncbench-decision-table`,
 * version 2) and `parseDecisionTable`, which validates one: its shape (table-shape.ts) and its cross-references
 * (table-checks.ts: every recommendation and hazard id of types.ts described exactly once, answer ids unique per
 * question, conditions naming existing questions and answers, every recommendation and hazard reachable, rationale
 * placeholders that can be filled, every snippet named declared and every declared snippet used). No Node
 * imports: the renderer may use it.
 *
 * The file on disk declares each snippet without its code; `loadDecisionTable` adds the text of
 * resources/decision/snippets/<id>.cu as `code`, so a parsed table always carries the snippets' source.
 */
import { z } from 'zod';

import { DecideError, issueLines } from './errors';
import { checkReferences } from './table-checks';
import { TableShape } from './table-shape';

export const DecisionTableSchema = TableShape.superRefine(checkReferences);

export type DecisionTable = z.infer<typeof DecisionTableSchema>;
export type Question = DecisionTable['questions'][number];
export type Recommendation = DecisionTable['recommendations'][number];
export type Hazard = DecisionTable['hazards'][number];
export type Rule = DecisionTable['rules'][number];
export type Snippet = DecisionTable['snippets'][number];

/**
 * Validates a parsed JSON value as a decision table.
 * @throws DecideError (kind 'table') listing every problem, each naming its field, e.g.
 *   `questions[2 "lanes"].answers[1 "lanes-0-15"].mask.value: expected 8 hex digits, e.g. 0x0000ffff`.
 */
export function parseDecisionTable(raw: unknown, origin = 'decision table'): DecisionTable {
  const parsed = DecisionTableSchema.safeParse(raw);
  if (!parsed.success) throw new DecideError('table', issueLines(parsed.error, raw), `invalid ${origin}`);
  return parsed.data;
}
