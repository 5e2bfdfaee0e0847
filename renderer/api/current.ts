import type { WorkbenchApi } from '../../electron/contract';

let current: WorkbenchApi | null = null;

/** Installs the API every store talks to (main.ts at start-up; tests install a fake). */
export function setApi(api: WorkbenchApi): void {
  current = api;
}

/** The installed API; throws when called before `setApi` (a programming error, not a run-time condition). */
export function useApi(): WorkbenchApi {
  if (!current) throw new Error('The workbench API is not installed: call setApi() before using a store.');
  return current;
}
