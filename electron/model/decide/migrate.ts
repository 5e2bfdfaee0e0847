/**
 * Migration of answers written for an older version of the decision table (docs/decision-engine.md, "Answer
 * format"). An answers object may name the table version it was written for in `"$tableVersion"`; without it, it is
 * version 1 (every answers file written before version 2 existed). Version 2 added questions; answers of version 1
 * leave them unanswered, so migration fills each added question that the answers make the engine ask with what
 * version 1 assumed without asking, or with "unknown" where version 1's assumption was the bug version 2 fixes
 * (it treated every atomic flag as a correct release/acquire protocol). Every filled answer is reported in
 * `migrated`, so the advice says what it assumed. No Node imports: the renderer may use it.
 */
import { DecideError } from './errors';
import { visibleQuestions } from './engine-walk';
import type { DecisionTable } from './table-schema';
import type { Answers } from './types';

/** The key of an answers object that names the table version it was written for. */
export const ANSWERS_VERSION_KEY = '$tableVersion';

interface Fill {
  answer: string;
  /** Why this answer, for the `migrated` line. */
  why: string;
}

/** For each version N, the fills that bring answers of version N to version N + 1, keyed by question id. */
const MIGRATIONS: Readonly<Record<number, Readonly<Record<string, Fill>>>> = {
  1: {
    'flag-order': {
      answer: 'unknown',
      why: 'version 1 did not ask how the flag is ordered (it took every atomic flag for a release/acquire pair)',
    },
    'payload-read': {
      answer: 'after-flag',
      why: 'version 1 assumed the data is read with ordinary loads after the flag',
    },
    width: { answer: 'width-32', why: 'version 1 assumed shuffles over the whole warp' },
    'src-lane': { answer: 'in-mask', why: 'version 1 assumed the source lane executes the call' },
    'cluster-launch': { answer: 'no', why: 'version 1 assumed a launch without thread-block clusters' },
  },
};

export interface MigratedAnswers {
  /** The answers in the table's version, without `$tableVersion` (not validated yet: parseAnswers does that). */
  answers: unknown;
  /** The version the answers were written for. */
  fromVersion: number;
  /** One line per filled question: `<question>: "<answer>" (<why>)`; empty when nothing was filled. */
  migrated: string[];
}

/**
 * Brings answers of an older table version to `table.version`.
 * @param raw the answers object (parsed JSON); anything that is not an object is passed on for parseAnswers to
 *   reject.
 * @throws DecideError (kind 'answers') when `$tableVersion` is not a whole number from 1 to the table's version.
 */
export function migrateAnswers(table: DecisionTable, raw: unknown): MigratedAnswers {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { answers: raw, fromVersion: table.version, migrated: [] };
  }
  const { [ANSWERS_VERSION_KEY]: declared, ...rest } = raw as Record<string, unknown>;
  const fromVersion = declared === undefined ? 1 : declared;
  if (
    !Number.isInteger(fromVersion) ||
    (fromVersion as number) < 1 ||
    (fromVersion as number) > table.version
  ) {
    const known = Array.from({ length: table.version }, (_, i) => i + 1).join(', ');
    throw new DecideError(
      'answers',
      [`${ANSWERS_VERSION_KEY}: ${JSON.stringify(declared)} is not a table version (known: ${known})`],
      'invalid answers',
    );
  }
  const answers = rest as Answers;
  const migrated: string[] = [];
  for (let version = fromVersion as number; version < table.version; version += 1) {
    const fills = MIGRATIONS[version] ?? {};
    // Filling one question can make another one asked: repeat until nothing more is filled.
    for (let changed = true; changed;) {
      changed = false;
      for (const question of visibleQuestions(table, answers)) {
        const fill = fills[question.id];
        if (!fill || answers[question.id] !== undefined) continue;
        answers[question.id] = fill.answer;
        migrated.push(`${question.id}: "${fill.answer}" (${fill.why})`);
        changed = true;
      }
    }
  }
  return { answers, fromVersion: fromVersion as number, migrated };
}
