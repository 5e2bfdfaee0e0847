import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));

import type { MenuItemConstructorOptions } from 'electron';

import { menuTemplate } from '../../../electron/main/menu';

function flat(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flat(i.submenu) : [])]);
}

describe('application menu', () => {
  const actions = { importResult: vi.fn(), exportResult: vi.fn(), openDocs: vi.fn(), about: vi.fn() };

  it('has File, Edit, View, Window and Help with the usual entries', () => {
    const menu = menuTemplate(actions, 'linux');
    expect(menu.map((m) => m.label ?? m.role)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
    const items = flat(menu);
    const roles = items.map((i) => i.role).filter(Boolean);
    expect(roles).toEqual(
      expect.arrayContaining(['quit', 'zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen']),
    );
    const byLabel = (label: string) => items.find((i) => i.label === label)!;
    expect(byLabel('Import Result…').accelerator).toBe('CmdOrCtrl+O');
    byLabel('Import Result…').click!(undefined as never, undefined, undefined as never);
    byLabel('Export…').click!(undefined as never, undefined, undefined as never);
    byLabel('Documentation').click!(undefined as never, undefined, undefined as never);
    byLabel('About Sync Workbench').click!(undefined as never, undefined, undefined as never);
    expect(actions.importResult).toHaveBeenCalledOnce();
    expect(actions.exportResult).toHaveBeenCalledOnce();
    expect(actions.openDocs).toHaveBeenCalledOnce();
    expect(actions.about).toHaveBeenCalledOnce();
  });

  it('offers Reload and the developer tools only in development builds', () => {
    const roles = (development: boolean) =>
      flat(menuTemplate(actions, 'linux', 'Sync Workbench', development)).map((i) => i.role);
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).not.toContain('reload');
    expect(roles(true)).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']));
  });

  it('puts the app menu first on macOS', () => {
    const menu = menuTemplate(actions, 'darwin');
    expect(menu[0]!.label).toBe('Sync Workbench');
    expect(flat([menu[0]!]).map((i) => i.role)).toContain('quit');
  });
});
