/**
 * Golden-file check: compares `text` with `test/golden/<name>`.
 * Regenerate every golden file after an intended change of a format with
 *   UPDATE_GOLDEN=1 npx vitest run test/unit/format test/unit/compare
 * and review the diff before committing it. Golden files end in `.golden` so formatters leave them alone.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { expect } from 'vitest';

const goldenDir = dirname(fileURLToPath(import.meta.url));

export function expectGolden(name: string, text: string): void {
  const path = join(goldenDir, name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, text);
  if (!existsSync(path)) throw new Error(`no golden file ${name}: run with UPDATE_GOLDEN=1 to create it`);
  expect(text).toBe(readFileSync(path, 'utf8'));
}
