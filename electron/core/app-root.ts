/** Finds the app's root folder (the one with its package.json) from a module's location, bundled or not. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder at or above `fromUrl`'s folder whose package.json is named `name` (dist/cli.js and
 * electron/serve/command.ts both resolve to the repository); `fromUrl`'s own folder when there is none (a bundle
 * copied to a host without the repository).
 */
export function findAppRoot(fromUrl: string, name = 'sync-workbench'): string {
  let dir = path.dirname(fileURLToPath(fromUrl));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === name) return dir;
      } catch {
        // an unreadable package.json is not ours; keep looking
      }
    }
    const up = path.dirname(dir);
    if (up === dir) return path.dirname(fileURLToPath(fromUrl));
    dir = up;
  }
}
