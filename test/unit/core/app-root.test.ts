import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { describe, expect, it } from 'vitest';

import { findAppRoot } from '../../../electron/core/app-root';

describe('findAppRoot', () => {
  it('finds the folder of the app package.json above a bundle or a source file', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sb-root-'));
    writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'sync-workbench' }));
    mkdirSync(path.join(root, 'dist', 'inner'), { recursive: true });
    writeFileSync(path.join(root, 'dist', 'package.json'), JSON.stringify({ name: 'something-else' }));
    expect(findAppRoot(pathToFileURL(path.join(root, 'dist', 'inner', 'cli.js')).href)).toBe(root);
  });

  it("falls back to the bundle's own folder on a host without the repository", () => {
    const alone = mkdtempSync(path.join(os.tmpdir(), 'sb-alone-'));
    expect(findAppRoot(pathToFileURL(path.join(alone, 'cli.mjs')).href)).toBe(alone);
  });
});
