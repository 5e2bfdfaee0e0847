import { describe, expect, it, vi } from 'vitest';

const exposed = vi.hoisted(() => new Map<string, unknown>());
const ipcRenderer = vi.hoisted(() => ({
  invoke: vi.fn(async (channel: string, ...args: unknown[]) => ({ ok: true, value: { channel, args } })),
  on: vi.fn(),
  removeListener: vi.fn(),
  send: vi.fn(),
  sendSync: vi.fn(),
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: vi.fn((key: string, api: unknown) => void exposed.set(key, api)) },
  ipcRenderer,
}));

import {
  API_METHODS,
  CHANNEL_PREFIX,
  OPEN_RESULT_CHANNEL,
  RUN_EVENT_CHANNEL,
  type WorkbenchApi,
} from '../../../electron/contract';

await import('../../../electron/preload/index');

describe('preload bridge', () => {
  const api = exposed.get('syncbench') as WorkbenchApi & Record<string, unknown>;

  it('exposes one object, window.syncbench, with exactly the contract methods', () => {
    expect([...exposed.keys()]).toEqual(['syncbench']);
    expect(Object.keys(api).sort()).toEqual(
      [...API_METHODS, 'onRunEvent', 'onExportProgress', 'onOpenResult'].sort(),
    );
    for (const key of Object.keys(api)) expect(typeof api[key]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('exposes no raw IPC', () => {
    for (const name of ['ipcRenderer', 'invoke', 'send', 'sendSync', 'on', 'require', 'process']) {
      expect(api[name]).toBeUndefined();
    }
  });

  it('invokes the method channel with the arguments as given', async () => {
    const req = { mode: 'sweep', params: { nwarps: 8 } };
    expect(await api.startRun(req)).toEqual({
      ok: true,
      value: { channel: `${CHANNEL_PREFIX}startRun`, args: [req] },
    });
    await api.renameResult('id-1', 'new name');
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(`${CHANNEL_PREFIX}renameResult`, 'id-1', 'new name');
    for (const method of API_METHODS) {
      await (api[method] as () => Promise<unknown>)();
      expect(ipcRenderer.invoke).toHaveBeenLastCalledWith(CHANNEL_PREFIX + method);
    }
  });

  it('delivers run events to listeners and unsubscribes them', () => {
    const listener = vi.fn();
    const off = api.onRunEvent(listener);
    const [channel, forward] = ipcRenderer.on.mock.calls.at(-1) as [
      string,
      (e: unknown, ev: unknown) => void,
    ];
    expect(channel).toBe(RUN_EVENT_CHANNEL);
    forward({ sender: 'ipc event, not passed on' }, { type: 'started', runId: 'r1' });
    expect(listener).toHaveBeenCalledWith({ type: 'started', runId: 'r1' });
    off();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith(RUN_EVENT_CHANNEL, forward);
    expect(() => api.onRunEvent('not a function' as never)).toThrow(TypeError);
  });

  it('delivers the results the host opened for the system (desktop only) and unsubscribes them', () => {
    const listener = vi.fn();
    const off = api.onOpenResult!(listener);
    const [channel, forward] = ipcRenderer.on.mock.calls.at(-1) as [
      string,
      (e: unknown, ev: unknown) => void,
    ];
    expect(channel).toBe(OPEN_RESULT_CHANNEL);
    forward({}, { resultId: 'r9', message: 'run.syncbench.json: imported' });
    expect(listener).toHaveBeenCalledWith({ resultId: 'r9', message: 'run.syncbench.json: imported' });
    off();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith(OPEN_RESULT_CHANNEL, forward);
    expect(() => api.onOpenResult!(42 as never)).toThrow(TypeError);
  });
});
