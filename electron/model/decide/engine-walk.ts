/**
 * The walk through the questions of a decision table (docs/decision-engine.md, "Answer format"): questions are
 * asked in table order, one only when its `showIf` holds for the earlier answers; an unanswered asked question
 * takes its `default` or is missing; answers to questions not asked are ignored. Pure; no Node imports.
 */
import { holds } from './conditions';
import { excludedPairs } from './exclusive';
import type { DecisionTable, Question } from './table-schema';
import type { AdviceAnswer, Answers } from './types';

export interface Walk {
  /** Effective answers of the asked questions, as sets of answer ids. */
  sets: Map<string, Set<string>>;
  used: AdviceAnswer[];
  missing: Question[];
  ignored: string[];
  /** Answers given that their question does not offer after the earlier answers (an answer's `showIf`). */
  notOffered: { question: Question; ids: string[] }[];
  /** Pairs of answers chosen together that exclude each other (exclusive.ts). */
  contradictions: { question: Question; pair: [string, string] }[];
}

/** The question with only the answers it offers after the earlier answers `sets` (each answer's `showIf`). */
export function offeredQuestion(question: Question, sets: ReadonlyMap<string, Set<string>>): Question {
  if (!question.answers.some((a) => a.showIf)) return question;
  return { ...question, answers: question.answers.filter((a) => !a.showIf || holds(a.showIf, sets)) };
}

/** Follows the questions in order with the given answers (defaults filling the gaps). */
export function walk(table: DecisionTable, answers: Answers): Walk {
  const sets = new Map<string, Set<string>>();
  const out: Walk = { sets, used: [], missing: [], ignored: [], notOffered: [], contradictions: [] };
  for (const question of table.questions) {
    const given = answers[question.id];
    if (question.showIf && !holds(question.showIf, sets)) {
      if (given !== undefined) out.ignored.push(question.id);
      continue;
    }
    const ids =
      given === undefined ? (question.default === undefined ? [] : [question.default]) : [given].flat();
    if (ids.length === 0) {
      out.missing.push(question);
      continue;
    }
    const offered = new Set(offeredQuestion(question, sets).answers.map((a) => a.id));
    const refused = ids.filter((id) => !offered.has(id));
    if (refused.length > 0) out.notOffered.push({ question, ids: refused });
    for (const pair of excludedPairs(question, ids)) out.contradictions.push({ question, pair });
    sets.set(question.id, new Set(ids));
    out.used.push({
      question: question.id,
      text: question.text,
      answers: ids.map((id) => ({ id, label: question.answers.find((a) => a.id === id)?.label ?? id })),
      defaulted: given === undefined,
    });
  }
  return out;
}

/**
 * The questions asked for these answers, in order (what a wizard shows as "so far" plus the next ones), each
 * with the answers it offers.
 * `answers` need not be complete; unknown ids are not checked here (use `parseAnswers`).
 */
export function visibleQuestions(table: DecisionTable, answers: Answers): Question[] {
  const { sets, missing } = walk(table, answers);
  return table.questions
    .filter((q) => sets.has(q.id) || missing.includes(q))
    .map((q) => offeredQuestion(q, sets));
}

/** The first asked question without an explicit answer (defaults do not count), or null when all are answered. */
export function nextQuestion(table: DecisionTable, answers: Answers): Question | null {
  return visibleQuestions(table, answers).find((q) => answers[q.id] === undefined) ?? null;
}
