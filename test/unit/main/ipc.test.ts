import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));

import { API_METHODS, CHANNEL_PREFIX } from '../../../electron/contract';
import { createDispatch } from '../../../electron/core/service/dispatch';
import { appSenderCheck, registerIpc } from '../../../electron/main/ipc';
import { setup } from '../service/setup';
import { FakeWebContents, ipcHandlers, ipcMain } from './electron-fake';

const window = new FakeWebContents();
const trusted = appSenderCheck(() => new Set([window.id]));

function eventFrom(sender: FakeWebContents, url = 'app://workbench/index.html', subframe = false) {
  const frame = subframe ? { url } : sender.mainFrame;
  sender.mainFrame.url = url;
  return { sender, senderFrame: frame };
}

describe('desktop IPC', () => {
  const t = setup();
  beforeEach(() => {
    ipcHandlers.clear();
    registerIpc(ipcMain as never, createDispatch(t.service, { kind: 'desktop', version: '1' }), trusted);
  });

  it('registers exactly one handler per API method', () => {
    expect([...ipcHandlers.keys()].sort()).toEqual(API_METHODS.map((m) => CHANNEL_PREFIX + m).sort());
  });

  it('answers the app window', async () => {
    const r = await ipcHandlers.get(`${CHANNEL_PREFIX}shell`)!(eventFrom(window));
    expect(r).toEqual({ ok: true, value: { kind: 'desktop', version: '1' } });
  });

  it.each([
    ['another web contents', () => eventFrom(new FakeWebContents())],
    ['a foreign page in the app window', () => eventFrom(window, 'https://evil.example/')],
    ['a file:// page', () => eventFrom(window, 'file:///tmp/x.html')],
    ['a subframe', () => eventFrom(window, 'app://workbench/index.html', true)],
    ['a destroyed frame', () => ({ sender: window, senderFrame: null })],
  ])('refuses %s with FORBIDDEN, before the service sees the payload', async (_name, make) => {
    const before = t.measure.requests.length;
    const r = await ipcHandlers.get(`${CHANNEL_PREFIX}startRun`)!(make(), { mode: 'sweep', params: {} });
    expect(r).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(t.measure.requests.length).toBe(before);
    expect(t.service.activeRunId).toBeNull();
  });

  it('answers invalid payloads with INVALID (never throws)', async () => {
    const handler = ipcHandlers.get(`${CHANNEL_PREFIX}startRun`)!;
    await expect(handler(eventFrom(window), { mode: 5 })).resolves.toMatchObject({
      ok: false,
      code: 'INVALID',
    });
    await expect(handler(eventFrom(window), undefined)).resolves.toMatchObject({
      ok: false,
      code: 'INVALID',
    });
    const rename = ipcHandlers.get(`${CHANNEL_PREFIX}renameResult`)!;
    await expect(rename(eventFrom(window), 'a', 'b', 'c')).resolves.toMatchObject({
      ok: false,
      code: 'INVALID',
    });
  });
});
