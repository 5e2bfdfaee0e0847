/** Shared helpers of the decision tests: the shipped table and the example answer files. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { loadDecisionTable } from '../../../electron/core/decide/load-table';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const TABLE_FILE = `${ROOT}resources/decision/decision-table.json`;
export const EXAMPLES_DIR = `${ROOT}docs/examples/advise/`;

export const table = loadDecisionTable(TABLE_FILE);

/** The parts of the table JSON the mutation tests touch. */
export interface RawTable {
  format: string;
  questions: { id: string; showIf?: unknown; answers: { id: string; mask?: { value: string | null } }[] }[];
  recommendations: { id: string; rationale: string }[];
  hazards: { id: string }[];
  rules: {
    id: string;
    source: string;
    when: unknown;
    hazards?: string[];
    note?: string;
    recommend?: { id: string; atomicScope?: string };
  }[];
}

/** The raw JSON of the shipped table (a fresh copy each call, for mutation tests). */
export function rawTable(): RawTable {
  return JSON.parse(readFileSync(TABLE_FILE, 'utf8')) as RawTable;
}

/** An example answers file of docs/examples/advise, parsed. */
export function example(name: string): unknown {
  return JSON.parse(readFileSync(`${EXAMPLES_DIR}${name}.json`, 'utf8'));
}
