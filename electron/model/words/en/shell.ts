/** The desktop shell's words in English (electron/model/words/shell.ts says what they are for). */
import type { ShellWords } from '../shell';

export const SHELL_EN: ShellWords = {
  locale: 'en',
  menu: {
    file: 'File',
    importResult: 'Import Result…',
    export: 'Export…',
    view: 'View',
    edit: null,
    window: null,
    help: 'Help',
    documentation: 'Documentation',
    about: (app) => `About ${app}`,
    roles: {},
  },
  ok: 'OK',
  importTitle: 'Import result files',
  resultFiles: 'Sync Workbench results',
  allFiles: 'All files',
  importDone: 'Import',
  importDetail: (lines) => `${lines.join('\n')}\n\nThe Results view lists them.`,
  nothingToExport: 'Nothing to export yet',
  nothingToExportDetail: 'Run a measurement or import a result, open it, then export.',
  exportFailed: 'Export failed',
  exportTitle: 'Export',
  formatNames: {
    md: 'Markdown',
    csv: 'CSV',
    json: 'Result file (JSON)',
    html: 'HTML report',
    pdf: 'PDF report',
    png: 'PNG image',
    svg: 'SVG image',
  },
  documentation: 'Documentation',
  documentationDetail: 'The documentation is in the docs/ folder of Sync Workbench.',
  aboutCredits: 'Measures what CUDA synchronization costs on your own GPU.',
  openTitle: 'Open',
  couldNotStart: 'Sync Workbench could not start',
  gaveUpReloading: (f) =>
    `The window's page stopped ${f.deaths} times within ${f.seconds} s (last: ${f.reason}, exit code ` +
    `${f.exitCode}), so it is not reloaded again. Your results are saved; restart Sync Workbench.`,
  hostMessage: (_text, english) => english,
  refused: (file, refusal) =>
    `${file}: ${
      {
        missing: 'the file does not exist',
        notAFile: 'it is not a file',
        tooLarge: 'the file is too large to be a result file',
      }[refusal]
    }`,
};
