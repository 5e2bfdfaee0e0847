/**
 * Progress and cancel of an export through the service's contract (ExportRequest.exportId, onExportProgress,
 * cancelExport): a cancelled export answers CANCELLED and writes nothing, through the service and through the
 * desktop shell's save path (docs/exports.md#exports-run-off-the-event-loop).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ExportProgressEvent } from '../../../electron/contract';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import { desktopExport } from '../../../electron/main/export';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';
import { FakeSupervisedBackend } from './doubles';

const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'syncbench-export-cancel-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function serviceWithSweep(points: number) {
  const s = createWorkbenchService({
    backend: new FakeSupervisedBackend(),
    resultsDir: join(root, 'results'),
    resourcesDir: 'resources',
  });
  const stored = await s.importResult({ fileName: 'sweep.json', bytes: bytesOf(syntheticSweep(points, 1)) });
  if (!stored.ok) throw new Error(stored.message);
  return { s, id: stored.value.id };
}

describe('export progress and cancel through the service', () => {
  it('sends the progress of an export that carries an exportId, phase by phase', async () => {
    const { s, id } = await serviceWithSweep(200);
    const seen: ExportProgressEvent[] = [];
    s.onExportProgress((e) => seen.push(e));
    const outcome = await s.exportResults({ ids: [id], format: 'md', exportId: 'export-1' });
    expect(outcome.ok).toBe(true);
    expect(seen).toEqual([
      { exportId: 'export-1', phase: 'read', fraction: 0 },
      { exportId: 'export-1', phase: 'build', fraction: null },
      { exportId: 'export-1', phase: 'encode', fraction: null },
    ]);
    // Finished: there is nothing left to cancel.
    expect(await s.cancelExport('export-1')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  }, 120_000);

  it('cancelExport stops it: CANCELLED, and the results folder is as it was', async () => {
    const { s, id } = await serviceWithSweep(20_000);
    const before = await readdir(join(root, 'results'), { recursive: true });
    const cancels: Promise<unknown>[] = [];
    s.onExportProgress((e) => cancels.push(s.cancelExport(e.exportId)));
    const outcome = await s.exportResults({ ids: [id], format: 'md', exportId: 'big-one' });
    expect(outcome).toMatchObject({
      ok: false,
      code: 'CANCELLED',
      message: expect.stringMatching(/cancelled/),
    });
    expect(await cancels[0]).toEqual({ ok: true, value: null });
    expect(await readdir(join(root, 'results'), { recursive: true })).toEqual(before);
  }, 120_000);

  it('refuses a second export of an exportId in flight, and an exportId of the wrong shape', async () => {
    const { s, id } = await serviceWithSweep(2_000);
    const first = s.exportResults({ ids: [id], format: 'md', exportId: 'same' });
    const second = await s.exportResults({ ids: [id], format: 'csv', exportId: 'same' });
    expect(second).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { exportId: expect.any(String) },
    });
    expect((await first).ok).toBe(true);
    const bad = await s.exportResults({ ids: [id], format: 'md', exportId: '../x' });
    expect(bad).toMatchObject({ ok: false, code: 'INVALID', fieldErrors: { exportId: expect.any(String) } });
    expect(await s.cancelExport('')).toMatchObject({ ok: false, code: 'INVALID' });
  }, 120_000);

  it('the desktop save path: a cancelled export asks for no file and writes none', async () => {
    const { s, id } = await serviceWithSweep(20_000);
    s.onExportProgress((e) => void s.cancelExport(e.exportId));
    const chooseFile = vi.fn(async () => join(root, 'out.md'));
    const writeFile = vi.fn(async () => undefined);
    const outcome = await desktopExport(
      { service: s, chooseFile, htmlToPdf: async () => Buffer.alloc(0), writeFile },
      { ids: [id], format: 'md', exportId: 'desk-1' },
    );
    expect(outcome).toMatchObject({ ok: false, code: 'CANCELLED' });
    expect(chooseFile).not.toHaveBeenCalled();
    expect(writeFile).not.toHaveBeenCalled();
  }, 120_000);
});
