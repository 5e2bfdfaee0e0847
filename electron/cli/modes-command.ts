/** `syncbench modes`: every measurement mode with its question and its parameters (defaults shown). */
import type { Command } from 'commander';

import { modeInfos } from '../core/modes';
import { kebab } from './flags';

/** Registers `modes`. */
export function registerModesCommand(program: Command): void {
  program
    .command('modes')
    .description('list the measurement modes and their parameters')
    .action(() => {
      for (const m of modeInfos()) {
        const params = m.params.map(
          (p) => `--${kebab(p.name)}${p.default !== null ? `=${String(p.default)}` : ''}`,
        );
        process.stdout.write(
          `${m.id.padEnd(16)} ${m.title}\n${' '.repeat(17)}${m.question}\n${' '.repeat(17)}${params.join(' ')}\n`,
        );
      }
    });
}
