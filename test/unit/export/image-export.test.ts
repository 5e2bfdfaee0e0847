/** Chart images through the API: the service checks them and hands them back; the desktop shell saves the bytes. */
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('../main/electron-fake'));

import { desktopExport, type DesktopExportDeps } from '../../../electron/main/export';
import { setup } from '../service/setup';

/** A valid 1×1 PNG (its one pixel does not matter here: the host checks the encoding, not the picture). */
const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

describe('chart image export (service)', () => {
  it('hands a PNG back as base64 with a file name from the chart name', async () => {
    const t = setup();
    const r = await t.service.exportResults({ ids: [], format: 'png', charts: { 'sweep — H200': PNG_1X1 } });
    expect(r).toEqual({
      ok: true,
      value: {
        fileName: 'sweep-H200.png',
        savedPath: null,
        mime: 'image/png',
        content: PNG_1X1.slice('data:image/png;base64,'.length),
        base64: true,
      },
    });
  });

  it('hands an SVG back as text', async () => {
    const t = setup();
    const r = await t.service.exportResults({ ids: [], format: 'svg', charts: { chart: SVG } });
    expect(r).toMatchObject({
      ok: true,
      value: { fileName: 'chart.svg', mime: 'image/svg+xml', content: SVG },
    });
  });

  it.each([
    ['png', { a: 'data:image/jpeg;base64,AAAA' }, 'base64 data URL'],
    ['png', { a: 'data:image/png;base64,AAAAAAAAAAAA' }, 'no PNG signature'],
    ['png', { a: 'data:image/png;base64,not base64!' }, 'base64 data URL'],
    ['svg', { a: '<html></html>' }, 'SVG text'],
    ['svg', { a: '<svg><script>alert(1)</script></svg>' }, 'scripts'],
    ['svg', { a: '<svg onload="x()"></svg>' }, 'event handlers'],
    ['png', {}, 'exactly one chart image'],
    ['svg', { a: SVG, b: SVG }, 'exactly one chart image'],
  ] as const)('refuses %s %j, naming charts (%s)', async (format, charts, why) => {
    const t = setup();
    const r = await t.service.exportResults({ ids: [], format, charts });
    expect(r).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { charts: expect.stringContaining(why) },
    });
  });

  it('refuses a chart image with a text format, and a text format without a result', async () => {
    const t = setup();
    expect(await t.service.exportResults({ ids: ['x'], format: 'md', charts: { a: SVG } })).toMatchObject({
      ok: false,
      fieldErrors: { charts: expect.stringContaining('only png and svg') },
    });
    expect(await t.service.exportResults({ ids: [], format: 'csv' })).toMatchObject({
      ok: false,
      fieldErrors: { ids: 'choose at least one result' },
    });
  });
});

describe('chart image export (desktop)', () => {
  function deps(chosen: string | null) {
    const t = setup();
    const written = new Map<string, Buffer>();
    const d: DesktopExportDeps = {
      service: t.service,
      chooseFile: vi.fn(async () => chosen),
      htmlToPdf: vi.fn(async () => Buffer.from('')),
      writeFile: async (file, data) => void written.set(file, data),
    };
    return { d, written };
  }

  it('asks where to save a PNG and writes the decoded bytes, not the base64 text', async () => {
    const { d, written } = deps('/home/u/chart.png');
    const r = await desktopExport(d, { ids: [], format: 'png', charts: { 'modes chart': PNG_1X1 } });
    expect(d.chooseFile).toHaveBeenCalledWith('modes-chart.png', ['png']);
    expect(r).toMatchObject({ ok: true, value: { savedPath: '/home/u/chart.png', content: null } });
    const bytes = written.get('/home/u/chart.png');
    expect(bytes?.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes?.length).toBe(Buffer.from(PNG_1X1.split(',')[1]!, 'base64').length);
  });

  it('writes an SVG as UTF-8 text', async () => {
    const { d, written } = deps('/home/u/chart.svg');
    await desktopExport(d, { ids: [], format: 'svg', charts: { c: SVG } });
    expect(written.get('/home/u/chart.svg')?.toString('utf8')).toBe(SVG);
  });
});
