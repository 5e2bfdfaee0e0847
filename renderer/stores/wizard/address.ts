/**
 * The wizard's place as an address query (vue-router's `route.query`), so Back, a reload and a shared link find it
 * again: one key per answered question (its answer id; a multiple-choice question's ids joined by ","), and `at`,
 * the question on screen or `summary`. Answer and question ids are lower-case words joined by "-"
 * (electron/model/decide/table-shape.ts), so they need no escaping. Pure: no router, no storage.
 */
import type { DecisionTable } from '../../../electron/model/decide/table-schema';
import type { Answers } from '../../../electron/model/decide/types';

/** The key of the question on screen. */
export const AT_KEY = 'at';
/** `at` once every asked question is answered: the recommendation. */
export const SUMMARY = 'summary';

/** A place in the wizard: its answers and the question on screen (null: the summary). */
export interface WizardPlace {
  answers: Answers;
  at: string | null;
}

/** The query of `place`. */
export function toQuery(place: WizardPlace): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [id, value] of Object.entries(place.answers)) query[id] = [value].flat().join(',');
  query[AT_KEY] = place.at ?? SUMMARY;
  return query;
}

/**
 * The place a query names on `table`; keys that are no question of the table, and answer ids it does not have, are
 * left out (an old or edited link still opens). Null when the query names no answer and no place.
 */
export function fromQuery(table: DecisionTable, query: Record<string, unknown>): WizardPlace | null {
  const answers: Answers = {};
  for (const question of table.questions) {
    const raw = query[question.id];
    if (typeof raw !== 'string' || raw === '') continue;
    const known = new Set(question.answers.map((a) => a.id));
    const ids = raw.split(',').filter((id) => known.has(id));
    if (ids.length === 0) continue;
    answers[question.id] = question.multiple ? ids : ids[0]!;
  }
  const at = query[AT_KEY];
  const onScreen = typeof at === 'string' && table.questions.some((q) => q.id === at) ? at : null;
  if (Object.keys(answers).length === 0 && onScreen === null && at !== SUMMARY) return null;
  return { answers, at: onScreen };
}

/** Whether two queries say the same (key order aside). */
export function sameQuery(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}
