import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));

import type { ExportFormat } from '../../../electron/contract';
import { writeFileDurably } from '../../../electron/core/files/durable-write';
import { desktopExport, menuExport, type DesktopExportDeps } from '../../../electron/main/export';
import { makeResult } from '../service/doubles';
import { setup } from '../service/setup';

function deps(chosen: string | null, html = true) {
  const t = setup({
    formatResult: (r, f) => `${f}:${r.name}`,
    ...(html
      ? {
          htmlReport: (rs, locale) =>
            // Marked only in Chinese, so the English report reads as it always did.
            `<html${locale === 'zh-CN' ? ' lang="zh-CN"' : ''}>${rs.map((r) => r.name).join()}</html>`,
        }
      : {}),
  });
  const a = t.library.add(makeResult([], { name: 'sweep H200' }));
  const written = new Map<string, string>();
  const d: DesktopExportDeps = {
    service: t.service,
    chooseFile: vi.fn(async (_name: string, _formats: ExportFormat[]) => chosen),
    htmlToPdf: vi.fn(async (h: string) => Buffer.from(`PDF(${h})`)),
    writeFile: async (file, data) => void written.set(file, data.toString()),
  };
  return { d, id: a.id, written };
}

describe('desktop export', () => {
  it('prints the PDF from the report in the language asked for', async () => {
    const { d, id, written } = deps('/home/u/out.pdf');
    expect(await desktopExport(d, { ids: [id], format: 'pdf', locale: 'zh-CN' })).toMatchObject({ ok: true });
    expect(written.get('/home/u/out.pdf')).toBe('PDF(<html lang="zh-CN">sweep H200</html>)');
  });

  it('asks where to save (main chooses the path) and writes the file', async () => {
    const { d, id, written } = deps('/home/u/out.md');
    const r = await desktopExport(d, { ids: [id], format: 'md' });
    expect(d.chooseFile).toHaveBeenCalledWith('sweep-H200.md', ['md']);
    expect(r).toEqual({
      ok: true,
      value: {
        fileName: 'out.md',
        savedPath: '/home/u/out.md',
        mime: 'text/markdown',
        content: null,
        base64: false,
      },
    });
    expect(written.get('/home/u/out.md')).toBe('md:sweep H200');
  });

  it('prints the HTML report to PDF', async () => {
    const { d, id, written } = deps('/home/u/report.pdf');
    const r = await desktopExport(d, { ids: [id], format: 'pdf' });
    expect(r).toMatchObject({
      ok: true,
      value: { savedPath: '/home/u/report.pdf', mime: 'application/pdf' },
    });
    expect(d.htmlToPdf).toHaveBeenCalledWith('<html>sweep H200</html>');
    expect(written.get('/home/u/report.pdf')).toBe('PDF(<html>sweep H200</html>)');
  });

  it('says PDF is not available while the HTML report builder is missing, without a dialog', async () => {
    const { d, id } = deps('/home/u/report.pdf', false);
    const r = await desktopExport(d, { ids: [id], format: 'pdf' });
    expect(r).toMatchObject({
      ok: false,
      code: 'INVALID',
      message: expect.stringContaining('not available'),
    });
    expect(d.chooseFile).not.toHaveBeenCalled();
  });

  it('a cancelled dialog saves nothing and is not an error', async () => {
    const { d, id, written } = deps(null);
    expect(await desktopExport(d, { ids: [id], format: 'csv' })).toMatchObject({
      ok: true,
      value: { savedPath: null, content: null },
    });
    expect(written.size).toBe(0);
  });

  it('validates the request from the renderer', async () => {
    const { d } = deps('/x.md');
    expect(await desktopExport(d, { ids: 'all', format: 'md' } as never)).toMatchObject({
      ok: false,
      code: 'INVALID',
    });
  });

  it('reports a write failure as IO', async () => {
    const { d, id } = deps('/readonly/out.md');
    d.writeFile = async () => {
      throw new Error('EACCES: permission denied');
    };
    expect(await desktopExport(d, { ids: [id], format: 'md' })).toMatchObject({ ok: false, code: 'IO' });
  });

  it('says a full disk in words for the chosen file, and that nothing changed', async () => {
    const { d, id } = deps('/home/u/out.md');
    d.writeFile = (file, data) =>
      writeFileDurably(file, data, {
        fs: {
          open: () => Promise.reject(Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' })),
          rename: () => Promise.resolve(),
          link: () => Promise.resolve(),
          unlink: () => Promise.resolve(),
        },
      });
    expect(await desktopExport(d, { ids: [id], format: 'md' })).toMatchObject({
      ok: false,
      code: 'IO',
      message: expect.stringMatching(
        /^\/home\/u\/out\.md: cannot write the file: the disk is full.*unchanged\.$/,
      ),
    });
  });

  it('File > Export… takes the format from the chosen file name', async () => {
    const { d, id, written } = deps('/home/u/table.csv');
    const r = await menuExport(d, [id], 'sweep H200');
    expect(d.chooseFile).toHaveBeenCalledWith('sweep H200.md', ['md', 'csv', 'json', 'html', 'pdf']);
    expect(r).toMatchObject({ ok: true, value: { mime: 'text/csv' } });
    expect(written.get('/home/u/table.csv')).toBe('csv:sweep H200');
  });

  it('names a result file *.syncbench.json, the extension the app opens', async () => {
    const { d, id } = deps(null);
    await desktopExport(d, { ids: [id], format: 'json' });
    expect(d.chooseFile).toHaveBeenCalledWith('sweep-H200.syncbench.json', ['json']);
  });

  it('writes atomically by default: the old file stays whole until the new one replaces it, no temp left', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-export-'));
    const target = path.join(dir, 'out.md');
    writeFileSync(target, 'old content');
    const before = statSync(target).ino;
    const { d, id } = deps(target);
    delete d.writeFile;
    expect(await desktopExport(d, { ids: [id], format: 'md' })).toMatchObject({ ok: true });
    expect(readFileSync(target, 'utf8')).toBe('md:sweep H200');
    // A new file renamed over the old one (a plain write would reuse the old file's inode).
    expect(statSync(target).ino).not.toBe(before);
    expect(readdirSync(dir)).toEqual(['out.md']);
    const { d: d2, id: id2 } = deps(path.join(dir, 'no-such-folder', 'x.md'));
    delete d2.writeFile;
    expect(await desktopExport(d2, { ids: [id2], format: 'md' })).toMatchObject({ ok: false, code: 'IO' });
    expect(readdirSync(dir)).toEqual(['out.md']);
  });
});
