/** Shared helpers of the decision tests: the shipped table and the example answer files. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { launchText } from '../../../electron/model/decide/launch-text';
import { loadDecisionTable, snippetFile } from '../../../electron/core/decide/load-table';
import { nextQuestion } from '../../../electron/model/decide/engine';
import type { Question } from '../../../electron/model/decide/table-schema';
import type { Advice, Answers } from '../../../electron/model/decide/types';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const TABLE_FILE = `${ROOT}resources/decision/decision-table.json`;
export const EXAMPLES_DIR = `${ROOT}docs/examples/advise/`;

export const table = loadDecisionTable(TABLE_FILE);

/**
 * Every complete set of answers reachable from `answers` through the shipped table, one question at a time as the
 * wizard asks them, taking at each question the answers `choices` gives.
 */
export function* paths(answers: Answers, choices: (q: Question) => string[]): Generator<Answers> {
  const q = nextQuestion(table, answers);
  if (!q) {
    yield answers;
    return;
  }
  for (const id of choices(q)) yield* paths({ ...answers, [q.id]: id }, choices);
}

/** The parts of the table JSON the mutation tests touch. */
export interface RawTable {
  format: string;
  questions: { id: string; showIf?: unknown; answers: { id: string; mask?: { value: string | null } }[] }[];
  recommendations: { id: string; rationale: string }[];
  hazards: { id: string; snippet: string }[];
  snippets: { id: string; code?: string }[];
  rules: {
    id: string;
    source: string;
    when: unknown;
    hazards?: string[];
    note?: string;
    recommend?: { id: string; atomicScope?: string };
  }[];
}

/** The raw JSON of the shipped table with its snippets' code, as the loader builds it (a fresh copy each call). */
export function rawTable(): RawTable {
  const raw = JSON.parse(readFileSync(TABLE_FILE, 'utf8')) as RawTable;
  for (const snippet of raw.snippets)
    snippet.code = readFileSync(snippetFile(TABLE_FILE, snippet.id), 'utf8');
  return raw;
}

/** The table file as it is on disk (snippets declared without code). */
export function fileTable(): RawTable {
  return JSON.parse(readFileSync(TABLE_FILE, 'utf8')) as RawTable;
}

/** An example answers file of docs/examples/advise, parsed. */
export function example(name: string): unknown {
  return JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.json`, 'utf8'));
}

/**
 * The few lines docs/decision-engine.md shows for a worked example: outcome, recommendation and scope (or the
 * options), launch, hazards with the snippet of each fix, the recommendation's snippet, what migration assumed.
 */
export function workedSummary(a: Advice): string {
  const lines = [`outcome: ${a.outcome}`];
  if (a.recommendation) {
    lines.push(`recommendation: ${a.recommendation} (scope ${a.scope})`, `launch: ${launchText(a.launch)}`);
    if (a.mask) lines.push(`mask: ${a.mask.expression}`);
    if (a.atomicScope) lines.push(`atomic scope: ${a.atomicScope}`);
    lines.push(`code: ${a.snippet?.id ?? '-'}`);
  } else {
    lines.push(`options: ${a.options.map((o) => `${o.id} (code: ${o.snippet.id})`).join(', ')}`);
  }
  lines.push(`hazards: ${a.hazards.map((h) => `${h.id} (fix: ${h.snippet.id})`).join(', ') || 'none'}`);
  for (const m of a.migrated) lines.push(`migrated: ${m}`);
  return lines.join('\n');
}
