/**
 * Where the app keeps its data when the user does not choose: one results folder shared by the desktop shell,
 * the browser shell and the CLI, in the platform's usual place for application data.
 */
import os from 'node:os';
import path from 'node:path';

/**
 * The default results folder: `$SYNCBENCH_RESULTS_DIR`, else
 * Linux `${XDG_DATA_HOME:-~/.local/share}/sync-workbench/results`,
 * macOS `~/Library/Application Support/Sync Workbench/results`, Windows `%APPDATA%\Sync Workbench\results`.
 */
export function defaultResultsDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.SYNCBENCH_RESULTS_DIR) return env.SYNCBENCH_RESULTS_DIR;
  const home = os.homedir();
  if (platform === 'darwin')
    return path.join(home, 'Library', 'Application Support', 'Sync Workbench', 'results');
  if (platform === 'win32') {
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Sync Workbench', 'results');
  }
  return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'sync-workbench', 'results');
}
