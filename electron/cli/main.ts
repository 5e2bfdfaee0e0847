/**
 * `syncbench`: the headless CLI over the same core as the desktop and browser shells, for scripts and remote GPU
 * hosts. Each command registers itself from its own module (`*-command.ts`); this module builds the program and
 * maps every error to its documented exit code (exit-codes.ts). `syncbench --help` lists the commands.
 */
import { Command } from 'commander';

import { terminalSafe } from '../contract/names';
import { APP_VERSION } from '../core/app-info';
import { registerAdviseCommand } from './advise-command';
import type { CliHost } from './cli-host';
import { registerCompareCommand } from './compare-command';
import { registerDeviceCommand } from './device-command';
import { exitCodeOf } from './errors';
import { EXIT, EXIT_HELP } from './exit-codes';
import { registerExportCommand } from './export-command';
import { registerFleetCommand } from './fleet-command';
import { registerModesCommand } from './modes-command';
import { registerProfileCommand } from './profile-command';
import { registerRunCommand } from './run-command';
import { registerSanitizeTargetCommand } from './sanitize-target';
import { registerSelftestCommand } from './selftest-command';
import { registerServeCommand } from './serve-command';

function buildProgram(host: CliHost): Command {
  const program = new Command('syncbench')
    .description('Measure what CUDA synchronization costs on this GPU (Sync Workbench CLI).')
    .version(APP_VERSION)
    .addHelpText('after', `\n${EXIT_HELP}`)
    .showHelpAfterError()
    .exitOverride()
    // Commander echoes the user's words ("unknown option '…'"); they pass through terminalSafe as they are written.
    .configureOutput({
      writeErr: (text) => process.stderr.write(terminalSafe(text)),
      outputError: (text, write) => write(terminalSafe(text)),
    });
  for (const register of [
    registerDeviceCommand,
    registerModesCommand,
    registerRunCommand,
    registerSelftestCommand,
    registerServeCommand,
    registerAdviseCommand,
    registerCompareCommand,
    registerExportCommand,
    registerSanitizeTargetCommand,
    registerProfileCommand,
    registerFleetCommand,
  ]) {
    register(program, host);
  }
  return program;
}

/**
 * Routes everything written to stderr while the CLI runs through terminalSafe (docs/architecture.md#safe-text):
 * messages echo paths, option values and fields from files, and none of them may drive the terminal. The CLI's
 * own text uses no control character but the newline. Returns the function that puts the old writer back.
 */
function guardStderr(): () => void {
  const write = process.stderr.write;
  const guarded = (chunk: unknown, ...rest: unknown[]): boolean =>
    (write as (...args: unknown[]) => boolean).call(
      process.stderr,
      typeof chunk === 'string' ? terminalSafe(chunk) : chunk,
      ...rest,
    );
  process.stderr.write = guarded as typeof process.stderr.write;
  return () => {
    process.stderr.write = write;
  };
}

/**
 * Runs the CLI with `argv` (without node and script); resolves to the exit code. `host` says how child processes
 * start when the CLI runs inside the packaged app (cli-host.ts).
 */
export async function main(argv: string[], host: CliHost = {}): Promise<number> {
  const program = buildProgram(host);
  const restoreStderr = guardStderr();
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    const { code, message } = exitCodeOf(err);
    if (message) process.stderr.write(`syncbench: ${message}\n`);
    return code;
  } finally {
    restoreStderr();
  }
  return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
}
