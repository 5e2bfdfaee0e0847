/**
 * A window whose page process died (crashed, out of memory, killed) is reloaded: the library, the measuring process
 * and any run live in main, so the reloaded page finds them all again. More than MAX_RELOADS deaths within
 * RELOAD_WINDOW_MS stop the reloading (a page that crashes as it loads would loop) and say why instead.
 */
import type { RenderProcessGoneDetails, WebContents } from 'electron';

import { SHELL_EN } from '../model/words/en/shell';
import type { ShellWords } from '../model/words/shell';

export const MAX_RELOADS = 3;
export const RELOAD_WINDOW_MS = 60_000;

export interface RecoveryOptions {
  /** Called instead of a reload once the page died too often; `reason` is Electron's (e.g. 'crashed', 'oom'). */
  giveUp(message: string): void;
  now?: () => number;
  /** The words of the message, read when it is said (default English). */
  words?: () => ShellWords;
}

/** Watches `contents` (a window's web contents) and reloads it after its renderer process is gone. */
export function reloadAfterRendererGone(
  contents: Pick<WebContents, 'on' | 'reload'>,
  opts: RecoveryOptions,
): void {
  const now = opts.now ?? Date.now;
  let deaths: number[] = [];
  contents.on('render-process-gone', (_event: unknown, details: RenderProcessGoneDetails) => {
    if (details.reason === 'clean-exit') return;
    const t = now();
    deaths = [...deaths.filter((d) => t - d < RELOAD_WINDOW_MS), t];
    if (deaths.length > MAX_RELOADS) {
      const words = opts.words?.() ?? SHELL_EN;
      opts.giveUp(
        words.gaveUpReloading({
          deaths: deaths.length,
          seconds: RELOAD_WINDOW_MS / 1000,
          reason: details.reason,
          exitCode: details.exitCode,
        }),
      );
      return;
    }
    contents.reload();
  });
}
