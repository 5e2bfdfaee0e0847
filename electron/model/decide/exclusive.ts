/**
 * Answers of one multiple-choice question that exclude each other (docs/decision-engine.md, "Answer format"): an
 * answer with `alone: true` excludes every other answer of its question ("Nothing yet", "Nothing"), and each group of
 * the question's `exclusive` lists answers of which at most one may be chosen (grid.sync() launched normally or
 * cooperatively). Pure; no Node imports: the wizard and the engine share it.
 */
import type { Question } from './table-schema';

/** Whether answers `a` and `b` (two ids of `question`) exclude each other. */
export function excludes(question: Question, a: string, b: string): boolean {
  if (a === b) return false;
  const alone = (id: string) => question.answers.some((answer) => answer.id === id && answer.alone === true);
  if (alone(a) || alone(b)) return true;
  return (question.exclusive ?? []).some((group) => group.includes(a) && group.includes(b));
}

/** Every pair of `ids` (answers chosen for `question`) that exclude each other, in the order given. */
export function excludedPairs(question: Question, ids: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  ids.forEach((a, i) => {
    for (const b of ids.slice(i + 1)) if (excludes(question, a, b)) pairs.push([a, b]);
  });
  return pairs;
}

/**
 * The choice after ticking `picked` on `question` whose chosen answers are `chosen`: the answers `picked` excludes
 * leave it, so the wizard cannot be answered into a contradiction.
 */
export function tick(question: Question, chosen: readonly string[], picked: string): string[] {
  return [...chosen.filter((id) => id !== picked && !excludes(question, picked, id)), picked];
}
