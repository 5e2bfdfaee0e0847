import { EventEmitter } from 'node:events';

import { describe, expect, it, vi } from 'vitest';

import {
  MAX_RELOADS,
  reloadAfterRendererGone,
  RELOAD_WINDOW_MS,
} from '../../../electron/main/renderer-recovery';

function contents() {
  return Object.assign(new EventEmitter(), { reload: vi.fn() });
}

describe('a window whose page process is gone', () => {
  it('is reloaded after a crash, an OOM or a kill, not after a clean exit', () => {
    const c = contents();
    const giveUp = vi.fn();
    reloadAfterRendererGone(c as never, { giveUp });
    c.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(c.reload).not.toHaveBeenCalled();
    for (const reason of ['crashed', 'oom', 'killed'])
      c.emit('render-process-gone', {}, { reason, exitCode: 1 });
    expect(c.reload).toHaveBeenCalledTimes(3);
    expect(giveUp).not.toHaveBeenCalled();
  });

  it('stops reloading a page that keeps dying, and says why', () => {
    let t = 0;
    const c = contents();
    const giveUp = vi.fn();
    reloadAfterRendererGone(c as never, { giveUp, now: () => t });
    for (let i = 0; i <= MAX_RELOADS; i++) {
      t += 1_000;
      c.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    }
    expect(c.reload).toHaveBeenCalledTimes(MAX_RELOADS);
    expect(giveUp).toHaveBeenCalledWith(
      expect.stringMatching(
        /stopped 4 times within 60 s \(last: crashed, exit code 139\).*results are saved/,
      ),
    );
    t += RELOAD_WINDOW_MS;
    c.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(c.reload).toHaveBeenCalledTimes(MAX_RELOADS + 1);
  });
});
