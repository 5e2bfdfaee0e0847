/**
 * The application menu: File (Import result…, Export…, Quit), Edit, View, Window, Help (Documentation, About).
 * View has Reload and Toggle Developer Tools only in development builds.
 */
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  importResult(): void;
  exportResult(): void;
  openDocs(): void;
  about(): void;
}

/** The menu template for `platform` (macOS gets the app menu first, as its users expect). */
export function menuTemplate(
  actions: MenuActions,
  platform: NodeJS.Platform = process.platform,
  appName = 'Sync Workbench',
  development = false,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Import Result…', accelerator: 'CmdOrCtrl+O', click: () => actions.importResult() },
      { label: 'Export…', accelerator: 'CmdOrCtrl+E', click: () => actions.exportResult() },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      ...(development
        ? [
            { role: 'reload' as const },
            { role: 'forceReload' as const },
            { role: 'toggleDevTools' as const },
            { type: 'separator' as const },
          ]
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      { label: 'Documentation', click: () => actions.openDocs() },
      ...(mac
        ? []
        : [{ type: 'separator' as const }, { label: `About ${appName}`, click: () => actions.about() }]),
    ],
  };
  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { label: `About ${appName}`, click: () => actions.about() },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  return [...(mac ? [appMenu] : []), file, { role: 'editMenu' }, view, { role: 'windowMenu' }, help];
}
