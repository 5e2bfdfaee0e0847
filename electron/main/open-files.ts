/**
 * Result files handed to the app by the system: on its command line (`sync-workbench run.syncbench.json`, also when
 * a second instance passes its arguments to the first), by a file manager (a path or a file:// URI, as the Linux
 * desktop entry's %U gives), or by macOS's 'open-file' event.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The extension of Sync Workbench result documents (registered with the system as application/x-syncbench+json). */
export const RESULT_FILE_EXTENSION = '.syncbench.json';
export const RESULT_MIME_TYPE = 'application/x-syncbench+json';

/** True for a name the app opens as a result file: `*.syncbench.json`, or any `*.json` (older exports). */
export function isResultFileName(name: string): boolean {
  return name.toLowerCase().endsWith('.json');
}

/**
 * The result files named in `argv` (process.argv, or a second instance's), as absolute paths resolved against
 * `cwd` (that instance's working directory). Skips the executable, Chromium/Electron switches (`--x`), the app
 * folder of a development run (`electron .`) and anything that is not a `.json` name.
 */
export function resultFilesInArgv(argv: readonly string[], cwd: string): string[] {
  const files: string[] = [];
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-')) continue;
    let file = arg;
    if (/^file:\/\//i.test(arg)) {
      try {
        file = fileURLToPath(arg);
      } catch {
        continue;
      }
    }
    if (isResultFileName(file)) files.push(path.resolve(cwd, file));
  }
  return [...new Set(files)];
}
