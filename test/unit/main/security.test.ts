import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));

import { denyPermissions, hardenWebContents } from '../../../electron/main/security';
import { FakeWebContents, session, shell } from './electron-fake';

describe('web contents hardening', () => {
  const contents = new FakeWebContents();
  hardenWebContents(contents as never);

  it('prevents every navigation; https links to allowlisted hosts open in the browser, others nowhere', () => {
    shell.openExternal.mockClear();
    for (const url of [
      'https://docs.nvidia.com/cuda/cuda-c-programming-guide/',
      'https://example.org/doc',
      'http://docs.nvidia.com/cuda/',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      expect(event.preventDefault).toHaveBeenCalled();
    }
    expect(shell.openExternal.mock.calls).toEqual([
      ['https://docs.nvidia.com/cuda/cuda-c-programming-guide/'],
    ]);
    contents.openHandler?.({ url: 'https://github.com/NVIDIA/cccl' });
    contents.openHandler?.({ url: 'https://evil.example/' });
    expect(shell.openExternal.mock.calls.at(-1)).toEqual(['https://github.com/NVIDIA/cccl']);
    expect(shell.openExternal).toHaveBeenCalledTimes(2);
  });

  it('denies every new window', () => {
    for (const url of ['https://example.org', 'app://workbench/index.html', 'about:blank']) {
      expect(contents.openHandler?.({ url })).toEqual({ action: 'deny' });
    }
  });

  it('refuses webviews and permission requests', () => {
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event);
    expect(event.preventDefault).toHaveBeenCalled();
    denyPermissions(session.defaultSession as never);
    const request = session.defaultSession.setPermissionRequestHandler.mock.calls[0]![0] as (
      ...a: unknown[]
    ) => void;
    const callback = vi.fn();
    request(contents, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    const check = session.defaultSession.setPermissionCheckHandler.mock.calls[0]![0] as () => boolean;
    expect(check()).toBe(false);
  });
});
