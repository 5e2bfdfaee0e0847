/**
 * Where the desktop shell finds its parts, in development (`electron .` in the repository) and packaged (app.asar,
 * with native code and the measuring process unpacked beside it). `resources/` (read by the service) is inside
 * the app, so the CLI of the packaged app finds it the same way; `docs/` is an extra resource beside the asar,
 * real files the user's file manager can open.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { app } from 'electron';

export interface DesktopPaths {
  rendererDir: string;
  preload: string;
  workerScript: string;
  resourcesDir: string;
  /** The native addon, when it was built and shipped; null otherwise (the app then explains it cannot measure). */
  addon: string | null;
  docsDir: string;
  /** The window icon (build/icons, rendered from build/icon.svg), when shipped. */
  icon: string | null;
}

/** `file` inside app.asar as the unpacked copy electron-builder writes beside it (asarUnpack). */
export function unpacked(file: string): string {
  return file.replace(/app\.asar([\\/])/, 'app.asar.unpacked$1');
}

/** The paths of this installation. */
export function desktopPaths(): DesktopPaths {
  const root = app.getAppPath();
  const addon = unpacked(path.join(root, 'native', 'build', 'Release', 'syncbench.node'));
  const extra = app.isPackaged ? process.resourcesPath : root;
  const icon = path.join(root, 'build', 'icons', '256x256.png');
  return {
    rendererDir: path.join(root, 'dist', 'renderer'),
    preload: path.join(path.dirname(fileURLToPath(import.meta.url)), 'preload.cjs'),
    workerScript: unpacked(path.join(root, 'dist', 'worker.js')),
    resourcesDir: path.join(root, 'resources'),
    addon: existsSync(addon) ? addon : null,
    docsDir: path.join(extra, 'docs'),
    icon: existsSync(icon) ? icon : null,
  };
}
