/**
 * Reads the decision table from disk and validates it (Node only; the renderer gets the table through the
 * contract's `decisionTable()` or validates imported JSON with `parseDecisionTable`). The table file declares its
 * snippets by id; their code is read from the `snippets/` folder beside it (`<id>.cu`), so the advice always
 * carries the text of the file the compile test checks, never a copy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { DecideError } from '../../model/decide/errors';
import { parseDecisionTable, type DecisionTable } from '../../model/decide/table-schema';

/**
 * Where the table lives inside the app's `resources/` folder; callers join it to the folder they resolved (the
 * repository's, the asar's or the packaged app's resources).
 */
export const DECISION_TABLE_FILE = 'decision/decision-table.json';

/** The folder of the snippets, relative to the table file's folder. */
export const SNIPPETS_DIR = 'snippets';

/** The snippet file of `id` for the table at `tableFile`. */
export function snippetFile(tableFile: string, id: string): string {
  return path.join(path.dirname(tableFile), SNIPPETS_DIR, `${id}.cu`);
}

/**
 * Reads and validates a decision table file, adding each declared snippet's code from its `.cu` file.
 * @throws DecideError (kind 'table') when the file cannot be read, is not JSON, a snippet file is missing, or the
 *   table fails the schema; the message names the file and every bad field.
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
  return parseDecisionTable(withSnippetCode(raw, file), `decision table ${file}`);
}

/** A copy of the raw table whose declared snippets carry `code` read from their files. */
function withSnippetCode(raw: unknown, file: string): unknown {
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as { snippets?: unknown }).snippets)) {
    return raw; // the schema reports the missing list
  }
  const table = raw as { snippets: unknown[] };
  const problems: string[] = [];
  const snippets = table.snippets.map((entry, i) => {
    const id = (entry as { id?: unknown } | null)?.id;
    if (typeof entry !== 'object' || entry === null || typeof id !== 'string') return entry;
    try {
      return { ...entry, code: readFileSync(snippetFile(file, id), 'utf8') };
    } catch (err) {
      problems.push(
        `snippets[${i} "${id}"]: cannot read ${snippetFile(file, id)}: ${(err as Error).message}`,
      );
      return entry;
    }
  });
  if (problems.length > 0) throw new DecideError('table', problems, `invalid decision table ${file}`);
  return { ...table, snippets };
}
