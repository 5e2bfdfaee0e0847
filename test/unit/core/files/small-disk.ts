/**
 * A small real file system for full-disk tests: a tmpfs of `kib` KiB mounted on a fresh folder (needs root or
 * CAP_SYS_ADMIN). Null where mounting is not allowed: the tests then run on an injected fault instead.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  unmount(): void;
}

/** Mounts a `kib` KiB tmpfs, or returns null (with nothing left behind) when this process may not mount. */
export function mountSmallDisk(kib: number): SmallDisk | null {
  const dir = mkdtempSync(join(tmpdir(), 'syncbench-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount() {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
