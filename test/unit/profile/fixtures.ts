/**
 * The real ncu 2025.3.1 exports captured on the H200 host (test/fixtures/ncu/h200-2026-12-02/README.md). The
 * opcode page (`<example>.opcodes.csv`, the mix metric alone with its instances) is read from the full export
 * with every metric's instances (`<example>.raw_instances.csv`, the same column) where a capture has no opcode
 * page of its own.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { pagesFromCsv } from '../../../electron/core/profile/ncu-csv';
import { buildProfile } from '../../../electron/model/profile/build-profile';
import type { PriceRow } from '../../../electron/model/profile/pricing';

export const NCU_EXPORTS = path.resolve(__dirname, '../../fixtures/ncu/h200-2026-12-02/exports');

/** The file of one exported page; `opcodes` falls back to `raw_instances` (see above). */
export function fixturePath(name: string, kind: string): string {
  const file = path.join(NCU_EXPORTS, `${name}.${kind}.csv`);
  if (kind === 'opcodes' && !existsSync(file)) return path.join(NCU_EXPORTS, `${name}.raw_instances.csv`);
  return file;
}

export function page(name: string, kind: string): string {
  return readFileSync(fixturePath(name, kind), 'utf8');
}

export const FACTS = {
  id: 'test-profile',
  name: 'fixture',
  createdAt: '2026-12-02T00:00:00.000Z',
  program: { path: 'examples/profile/build/x', args: [], exitCode: 0 },
  ncu: { version: '2025.3.1.0', path: 'ncu' },
  options: { kernelFilter: null, launchCount: null, timeLimitS: 600 },
  appVersion: 'test',
};

/** A profile of one fixture from its raw page, its opcode page and its cuda,sass source page. */
export function fixtureProfile(name: string, rows: PriceRow[] = []) {
  return buildProfile(
    pagesFromCsv(page(name, 'raw'), page(name, 'opcodes'), page(name, 'source_cuda_sass')),
    FACTS,
    rows,
  );
}
