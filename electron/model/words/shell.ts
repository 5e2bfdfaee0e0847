/**
 * The desktop shell's own words: the menus, the open, save and message dialogs, About, and what main says when it
 * cannot start or gives up reloading a window. Main picks the language from the system at start (Electron's
 * app.getLocale(), mapped as the page maps navigator.languages) and follows the page when the user switches it (the
 * API's setLocale). The host's coded messages (an import's outcome) are worded with the host area's templates;
 * uncoded host messages stay English. Node-free: main's electron/main/shell-text.ts adds what needs Node.
 */
import type { ExportFormat, HostText, Locale } from '../../contract';

/** Why main refused a file before the host saw it: missing, not a regular file, or over the size limit. */
export type ShellRefusal = 'missing' | 'notAFile' | 'tooLarge';

/** Menu roles whose Electron label the words replace (absent: Electron's own). */
export type LabelledRole =
  | 'quit'
  | 'close'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'minimize'
  | 'zoom'
  | 'help';

export interface ShellWords {
  locale: Locale;
  menu: {
    file: string;
    importResult: string;
    export: string;
    view: string;
    /** The Edit and Window menus' own labels; null: Electron's (role) menus as they are. */
    edit: string | null;
    window: string | null;
    help: string;
    documentation: string;
    about(app: string): string;
    roles: Partial<Record<LabelledRole, string>>;
  };
  ok: string;
  importTitle: string;
  resultFiles: string;
  allFiles: string;
  importDone: string;
  /** The import dialog's detail: one line per file, then where to find them. */
  importDetail(lines: string[]): string;
  nothingToExport: string;
  nothingToExportDetail: string;
  exportFailed: string;
  exportTitle: string;
  formatNames: Record<ExportFormat, string>;
  documentation: string;
  documentationDetail: string;
  aboutCredits: string;
  /** Files the system handed the app that were refused. */
  openTitle: string;
  couldNotStart: string;
  /** A window's page died too often to be reloaded again. */
  gaveUpReloading(f: { deaths: number; seconds: number; reason: string; exitCode: number }): string;
  /** A host message in these words: its code's template, else the host's English. */
  hostMessage(text: HostText | undefined, english: string): string;
  /** Why main refused a file before the host saw it, naming the file. */
  refused(file: string, refusal: ShellRefusal): string;
}
