/**
 * Conditions of the decision table: `showIf` of a question and `when` of a rule.
 *
 *   { "q": "where", "in": ["same-block"] }   true when question `where` has one of the listed answers
 *                                            (for a `multiple` question: when any chosen answer is listed);
 *                                            false when the question is unanswered or was not asked
 *   { "all": [c1, c2] }                      every condition holds ({ "all": [] } always holds)
 *   { "any": [c1, c2] }                      at least one holds
 *   { "not": c }                             c does not hold
 */
import { z } from 'zod';

export type Condition =
  { q: string; in: string[] } | { all: Condition[] } | { any: Condition[] } | { not: Condition };

export const ConditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z.strictObject({ q: z.string().min(1), in: z.array(z.string().min(1)).min(1) }),
    z.strictObject({ all: z.array(ConditionSchema) }),
    z.strictObject({ any: z.array(ConditionSchema).min(1) }),
    z.strictObject({ not: ConditionSchema }),
  ]),
);

/** Effective answers as sets of answer ids, keyed by question id (only asked questions are present). */
export type AnswerSets = ReadonlyMap<string, ReadonlySet<string>>;

/** Evaluates a condition against the answers given so far. Pure; never throws. */
export function holds(condition: Condition, answers: AnswerSets): boolean {
  if ('q' in condition) {
    const chosen = answers.get(condition.q);
    return chosen !== undefined && condition.in.some((id) => chosen.has(id));
  }
  if ('all' in condition) return condition.all.every((c) => holds(c, answers));
  if ('any' in condition) return condition.any.some((c) => holds(c, answers));
  return !holds(condition.not, answers);
}

/** Every `{ q, in }` test inside a condition, for cross-reference checks of the table. */
export function answerTests(condition: Condition): { q: string; in: string[] }[] {
  if ('q' in condition) return [condition];
  if ('all' in condition) return condition.all.flatMap(answerTests);
  if ('any' in condition) return condition.any.flatMap(answerTests);
  return answerTests(condition.not);
}
