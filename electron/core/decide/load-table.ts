/**
 * Reads the decision table from disk and validates it (Node only; the renderer gets the table through the
 * contract's `decisionTable()` or validates imported JSON with `parseDecisionTable`).
 */
import { readFileSync } from 'node:fs';

import { DecideError } from './errors';
import { parseDecisionTable, type DecisionTable } from './table-schema';

/** Where the table lives relative to the app's root (the caller resolves the root: repo, asar or resources). */
export const DECISION_TABLE_PATH = 'resources/decision/decision-table.json';

/**
 * Reads and validates a decision table file.
 * @throws DecideError (kind 'table') when the file cannot be read, is not JSON, or fails the schema; the message
 *   names the file and every bad field.
 */
export function loadDecisionTable(file: string): DecisionTable {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new DecideError('table', [(err as Error).message], `cannot read decision table ${file}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new DecideError('table', [(err as Error).message], `decision table ${file} is not JSON`);
  }
  return parseDecisionTable(raw, `decision table ${file}`);
}
