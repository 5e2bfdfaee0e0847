/**
 * The application menu: File (Import result…, Export…, Quit), Edit, View, Window, Help (Documentation, About), in
 * the shell's words (electron/model/words/{en,zh-CN}/shell.ts). View has Reload and Toggle Developer Tools
 * only in development builds. In English the roles keep Electron's own labels (and Edit and Window are Electron's
 * role menus); other words label every item themselves.
 */
import type { MenuItemConstructorOptions } from 'electron';

import { SHELL_EN } from '../model/words/en/shell';
import type { LabelledRole, ShellWords } from '../model/words/shell';

export interface MenuActions {
  importResult(): void;
  exportResult(): void;
  openDocs(): void;
  about(): void;
}

/** The menu template for `platform` (macOS gets the app menu first, as its users expect), in `words`. */
export function menuTemplate(
  actions: MenuActions,
  platform: NodeJS.Platform = process.platform,
  appName = 'Sync Workbench',
  development = false,
  words: ShellWords = SHELL_EN,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const m = words.menu;
  /** A role item, with the words' label where they have one. */
  const role = (r: LabelledRole): MenuItemConstructorOptions =>
    m.roles[r] ? { role: r, label: m.roles[r] } : { role: r };
  const separator = (): MenuItemConstructorOptions => ({ type: 'separator' });
  const file: MenuItemConstructorOptions = {
    label: m.file,
    submenu: [
      { label: m.importResult, accelerator: 'CmdOrCtrl+O', click: () => actions.importResult() },
      { label: m.export, accelerator: 'CmdOrCtrl+E', click: () => actions.exportResult() },
      separator(),
      mac ? role('close') : role('quit'),
    ],
  };
  const edit: MenuItemConstructorOptions =
    m.edit === null
      ? { role: 'editMenu' }
      : {
          label: m.edit,
          submenu: [
            role('undo'),
            role('redo'),
            separator(),
            role('cut'),
            role('copy'),
            role('paste'),
            role('selectAll'),
          ],
        };
  const view: MenuItemConstructorOptions = {
    label: m.view,
    submenu: [
      ...(development ? [role('reload'), role('forceReload'), role('toggleDevTools'), separator()] : []),
      role('resetZoom'),
      role('zoomIn'),
      role('zoomOut'),
      separator(),
      role('togglefullscreen'),
    ],
  };
  const windowMenu: MenuItemConstructorOptions =
    m.window === null
      ? { role: 'windowMenu' }
      : {
          label: m.window,
          role: 'window',
          submenu: [role('minimize'), ...(mac ? [role('zoom')] : []), role('close')],
        };
  const help: MenuItemConstructorOptions = {
    ...role('help'),
    submenu: [
      { label: m.documentation, click: () => actions.openDocs() },
      ...(mac ? [] : [separator(), { label: m.about(appName), click: () => actions.about() }]),
    ],
  };
  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { label: m.about(appName), click: () => actions.about() },
      separator(),
      role('services'),
      separator(),
      role('hide'),
      role('hideOthers'),
      role('unhide'),
      separator(),
      role('quit'),
    ],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, windowMenu, help];
}
