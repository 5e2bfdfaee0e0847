/**
 * Validation of an answers object (docs/decision-engine.md, "Answer format") against a decision table:
 * `{ "<question id>": "<answer id>" }`, an array of answer ids for a question with `multiple: true`, an optional
 * `"$comment"` string that is ignored and an optional `"$tableVersion"`, which must be the table's version here
 * (`advise` migrates older answers before it validates them).
 */
import { z } from 'zod';

import { DecideError, issueLines } from './errors';
import type { DecisionTable } from './table-schema';
import { ANSWERS_VERSION_KEY } from './migrate';
import type { Answers } from './types';

const COMMENT_KEY = '$comment';

const AnswerValue = z.union([z.string(), z.array(z.string()).min(1)], {
  error: 'expected an answer id or a non-empty list of answer ids',
});

/** The zod schema of answers for one table: unknown question ids and answer ids are errors naming what is allowed. */
export function answersSchema(table: DecisionTable) {
  const questions = new Map(table.questions.map((q) => [q.id, q]));
  return z
    .object({
      [COMMENT_KEY]: z.string({ error: 'a comment is a string' }).optional(),
      [ANSWERS_VERSION_KEY]: z
        .int({ error: 'the table version is a whole number' })
        .refine((v) => v === table.version, {
          message: `expected ${table.version} (migrate older answers first)`,
        })
        .optional(),
    })
    .catchall(AnswerValue)
    .superRefine((answers, ctx) => {
      for (const [key, value] of Object.entries(answers)) {
        if (
          key === COMMENT_KEY ||
          key === ANSWERS_VERSION_KEY ||
          (typeof value !== 'object' && typeof value !== 'string')
        )
          continue;
        const report = (message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
        const question = questions.get(key);
        if (!question) {
          report(`unknown question id "${key}" (known: ${[...questions.keys()].join(', ')})`);
          continue;
        }
        const allowed = question.answers.map((a) => a.id);
        const ids = typeof value === 'string' ? [value] : value;
        if (Array.isArray(value) && !question.multiple)
          report(`question "${key}" takes one answer id, not a list`);
        if (new Set(ids).size !== ids.length) report('an answer id is repeated');
        for (const id of ids.filter((a) => !allowed.includes(a))) {
          report(`unknown answer id "${id}" for question "${key}" (allowed: ${allowed.join(', ')})`);
        }
      }
    });
}

/**
 * Validates answers (a parsed JSON value) against the table and drops the comment.
 * @throws DecideError (kind 'answers') with one line per problem.
 */
export function parseAnswers(table: DecisionTable, raw: unknown, origin = 'answers'): Answers {
  const parsed = answersSchema(table).safeParse(raw);
  if (!parsed.success) throw new DecideError('answers', issueLines(parsed.error, raw), `invalid ${origin}`);
  const { [COMMENT_KEY]: _comment, [ANSWERS_VERSION_KEY]: _version, ...answers } = parsed.data;
  return answers as Answers;
}
