/**
 * Calls an API method by name with positional arguments from outside (an IPC channel or a WebSocket frame): the
 * name must be on the contract's allowlist and the argument count within the method's arity; the service then
 * validates each argument. Never throws.
 */
import { API_METHODS, type ApiMethod, type Result, type WorkbenchApi } from '../../contract';
import { fail, ok, toFailure } from './failure';
import type { ServiceApi } from './service';
import { LocaleSchema, parse } from './validate';

/** The most arguments each method takes. */
export const API_ARITY: Readonly<Record<ApiMethod, number>> = {
  shell: 0,
  device: 0,
  coopLimit: 1,
  modes: 0,
  validateRun: 1,
  startRun: 1,
  startReplay: 1,
  cancelRun: 1,
  listResults: 1,
  getResult: 1,
  renameResult: 2,
  deleteResult: 1,
  undoDelete: 1,
  importResult: 1,
  listUnreadable: 0,
  removeUnreadable: 1,
  exportResults: 1,
  cancelExport: 1,
  listProfiles: 0,
  getProfile: 1,
  exportProfile: 1,
  decisionTable: 0,
  advise: 1,
  setLocale: 1,
};

export type ShellInfo = { kind: 'desktop' | 'browser'; version: string };

/** Calls `method(...args)`; `Result` from the API, or INVALID for an unknown method or too many arguments. */
export type Dispatch = (method: unknown, args: unknown) => Promise<Result<unknown>>;

/** True for the names of the contract's request methods. */
export function isApiMethod(name: unknown): name is ApiMethod {
  return typeof name === 'string' && (API_METHODS as readonly string[]).includes(name);
}

/**
 * A dispatcher over `service` for one shell; `shell()` answers `shell`, `setLocale` checks the locale and has
 * nothing to word (a shell with windows of its own overrides it). `overrides` replace single methods (the desktop
 * shell's export, which saves through dialogs, and its setLocale, which rewords its menus).
 */
export function createDispatch(
  service: ServiceApi,
  shell: ShellInfo,
  overrides: Partial<Omit<WorkbenchApi, 'onRunEvent' | 'onExportProgress'>> = {},
): Dispatch {
  const api: Omit<WorkbenchApi, 'onRunEvent' | 'onExportProgress'> = {
    shell: async () => ok(shell),
    device: () => service.device(),
    coopLimit: (req) => service.coopLimit(req),
    modes: () => service.modes(),
    validateRun: (req) => service.validateRun(req),
    startRun: (req) => service.startRun(req),
    startReplay: (req) => service.startReplay(req),
    cancelRun: (runId) => service.cancelRun(runId),
    listResults: (query) => service.listResults(query),
    getResult: (id) => service.getResult(id),
    renameResult: (id, name) => service.renameResult(id, name),
    deleteResult: (id) => service.deleteResult(id),
    undoDelete: (token) => service.undoDelete(token),
    importResult: (req) => service.importResult(req),
    listUnreadable: () => service.listUnreadable(),
    removeUnreadable: (file) => service.removeUnreadable(file),
    exportResults: (req) => service.exportResults(req),
    cancelExport: (exportId) => service.cancelExport(exportId),
    listProfiles: () => service.listProfiles(),
    getProfile: (id) => service.getProfile(id),
    exportProfile: (req) => service.exportProfile(req),
    decisionTable: () => service.decisionTable(),
    advise: (answers) => service.advise(answers),
    setLocale: async (locale) => {
      const p = parse(LocaleSchema, locale, 'locale');
      return p.ok ? ok(null) : p;
    },
    ...overrides,
  };
  return async (method, args) => {
    if (!isApiMethod(method)) {
      return fail('INVALID', `Unknown method ${JSON.stringify(method)}.`, { method: 'is not an API method' });
    }
    if (!Array.isArray(args))
      return fail('INVALID', `${method}: arguments must be a list.`, { args: 'must be a list' });
    if (args.length > API_ARITY[method]) {
      return fail(
        'INVALID',
        `${method} takes at most ${API_ARITY[method]} argument(s), got ${args.length}.`,
        {
          args: `at most ${API_ARITY[method]}`,
        },
      );
    }
    try {
      const fn = api[method] as (...a: unknown[]) => Promise<Result<unknown>>;
      return await fn(...args);
    } catch (err) {
      return toFailure(err);
    }
  };
}
