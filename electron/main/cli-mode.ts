/**
 * The packaged app's command line (`syncbench …`). The RunAsNode fuse is off, so the installed app cannot be run as
 * plain Node; instead the launcher (build/linux/syncbench, installed as /usr/bin/syncbench by the deb and rpm and
 * shipped inside the AppImage) runs the app's own binary with CLI_FLAG, and main runs the bundled CLI before any
 * window exists. The CLI's measuring process is a utility process there (child_process.fork needs RunAsNode).
 */

/** The switch that makes the app binary run the CLI: `sync-workbench --syncbench-cli [--] device …`. */
export const CLI_FLAG = '--syncbench-cli';

/**
 * Chromium switches the CLI runs with (build/linux/syncbench passes the same): no display and no Chromium GPU
 * process needed, and no page sandbox, since the CLI shows no page (and Chromium refuses to run as root with one).
 */
export const CLI_SWITCHES = ['--no-sandbox', '--ozone-platform=headless', '--disable-gpu'] as const;

/** The arguments that make the app binary run the CLI, as the launcher gives them (before the CLI's own). */
export function cliInvocationArgs(): string[] {
  return [...CLI_SWITCHES, CLI_FLAG, '--'];
}

/**
 * The CLI's arguments when `argv` (process.argv of the app binary) asks for the CLI, else null. Everything after
 * CLI_FLAG belongs to the CLI (an optional `--` right after it is dropped); Chromium switches before it are not
 * passed on.
 */
export function cliArgs(argv: readonly string[]): string[] | null {
  const at = argv.indexOf(CLI_FLAG);
  if (at < 0) return null;
  const rest = argv.slice(at + 1);
  return rest[0] === '--' ? rest.slice(1) : rest;
}
