// docs/architecture.md shows the layer table of layers.config.js; this keeps the two equal, so the document a
// newcomer reads is the rule lint enforces.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { LAYERS } from '../../../layers.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The rows of the table between the doc's markers, as trimmed cells, without the header and the rule line. */
function docRows(): string[][] {
  const text = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const start = text.indexOf('<!-- layers table');
  const end = text.indexOf('<!-- end of layers table -->');
  expect(start, 'docs/architecture.md has lost its layers table markers').toBeGreaterThan(-1);
  return text
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

describe('docs/architecture.md', () => {
  it('shows the layer table of layers.config.js', () => {
    const expected = LAYERS.map((layer) => [
      layer.name,
      layer.files.map((f) => `\`${f}\``).join(', '),
      [...layer.mayImport, ...layer.mayImportTypes.map((n) => `${n} (types only)`)].join(', ') || 'nothing',
      layer.packages.map((p) => `\`${p}\``).join(', ') || 'none',
      layer.platform,
    ]);
    expect(docRows()).toEqual(expected);
  });
});
