/**
 * `syncbench`: the headless CLI over the same core as the desktop and browser shells, for scripts and remote GPU
 * hosts. Each command registers itself from its own module (`*-command.ts`); this module builds the program and
 * maps every error to its documented exit code (exit-codes.ts). `syncbench --help` lists the commands.
 */
import { Command } from 'commander';

import { APP_VERSION } from '../core/app-info';
import { registerAdviseCommand } from './advise-command';
import { registerCompareCommand } from './compare-command';
import { registerDeviceCommand } from './device-command';
import { exitCodeOf } from './errors';
import { EXIT, EXIT_HELP } from './exit-codes';
import { registerExportCommand } from './export-command';
import { registerModesCommand } from './modes-command';
import { registerRunCommand } from './run-command';
import { registerSanitizeTargetCommand } from './sanitize-target';
import { registerSelftestCommand } from './selftest-command';
import { registerServeCommand } from './serve-command';

function buildProgram(): Command {
  const program = new Command('syncbench')
    .description('Measure what CUDA synchronization costs on this GPU (Sync Workbench CLI).')
    .version(APP_VERSION)
    .addHelpText('after', `\n${EXIT_HELP}`)
    .showHelpAfterError()
    .exitOverride();
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
  ]) {
    register(program);
  }
  return program;
}

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    const { code, message } = exitCodeOf(err);
    if (message) process.stderr.write(`syncbench: ${message}\n`);
    return code;
  }
  return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
}
