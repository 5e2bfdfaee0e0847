/**
 * The desktop shell's own words (issue 13 §6): the menus, the open, save and message dialogs, About, and what main
 * says when it cannot start or gives up reloading a window, in English and Simplified Chinese. Main picks the
 * language from the system at start (Electron's app.getLocale(), mapped as the page maps navigator.languages) and
 * follows the page when the user switches it (the API's setLocale). The host's coded messages (an import's
 * outcome) are worded with the core's templates; uncoded host messages stay English.
 */
import path from 'node:path';

import type { ExportFormat, HostText, Locale } from '../contract';
import type { ImportedFile, MainRefusal } from './import-files';
import { HOST_TEXT_ZH_CN } from '../model/words/zh-CN/host';
import { renderText } from '../model/words/host-text';

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
  refused(file: string, refusal: MainRefusal): string;
}

/** One imported file's line in a dialog, in `words`: main's own refusal, the host's coded words, or its English. */
export function importLine(f: ImportedFile, words: ShellWords): string {
  if (f.refusal) return words.refused(path.basename(f.file), f.refusal);
  return words.hostMessage(f.text, f.message);
}

export const SHELL_WORDS_EN: ShellWords = {
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

export const SHELL_WORDS_ZH_CN: ShellWords = {
  locale: 'zh-CN',
  menu: {
    file: '文件',
    importResult: '导入结果…',
    export: '导出…',
    view: '视图',
    edit: '编辑',
    window: '窗口',
    help: '帮助',
    documentation: '文档',
    about: (app) => `关于 ${app}`,
    roles: {
      quit: '退出',
      close: '关闭窗口',
      reload: '重新加载',
      forceReload: '强制重新加载',
      toggleDevTools: '开发者工具',
      resetZoom: '实际大小',
      zoomIn: '放大',
      zoomOut: '缩小',
      togglefullscreen: '切换全屏',
      services: '服务',
      hide: '隐藏',
      hideOthers: '隐藏其他',
      unhide: '全部显示',
      undo: '撤销',
      redo: '重做',
      cut: '剪切',
      copy: '复制',
      paste: '粘贴',
      selectAll: '全选',
      minimize: '最小化',
      zoom: '缩放',
      help: '帮助',
    },
  },
  ok: '确定',
  importTitle: '导入结果文件',
  resultFiles: 'Sync Workbench 结果',
  allFiles: '所有文件',
  importDone: '导入',
  importDetail: (lines) => `${lines.join('\n')}\n\n“结果”视图中列出了它们。`,
  nothingToExport: '还没有可导出的内容',
  nothingToExportDetail: '请先运行一次测量或导入一个结果，打开它，然后再导出。',
  exportFailed: '导出失败',
  exportTitle: '导出',
  formatNames: {
    md: 'Markdown',
    csv: 'CSV',
    json: '结果文件（JSON）',
    html: 'HTML 报告',
    pdf: 'PDF 报告',
    png: 'PNG 图像',
    svg: 'SVG 图像',
  },
  documentation: '文档',
  documentationDetail: '文档位于 Sync Workbench 的 docs/ 文件夹中。',
  aboutCredits: '在你自己的 GPU 上测量 CUDA 同步的开销。',
  openTitle: '打开',
  couldNotStart: 'Sync Workbench 无法启动',
  gaveUpReloading: (f) =>
    `窗口的页面在 ${f.seconds} 秒内停止了 ${f.deaths} 次（最近一次：${f.reason}，退出码 ${f.exitCode}），` +
    '因此不再重新加载。你的结果已保存；请重新启动 Sync Workbench。',
  hostMessage: (text, english) => (text ? (renderText(text, HOST_TEXT_ZH_CN) ?? english) : english),
  refused: (file, refusal) =>
    `${file}：${{ missing: '文件不存在', notAFile: '它不是文件', tooLarge: '文件太大，不可能是结果文件' }[refusal]}`,
};

/** The shell's words in `locale`. */
export function shellWords(locale: Locale): ShellWords {
  return locale === 'zh-CN' ? SHELL_WORDS_ZH_CN : SHELL_WORDS_EN;
}
