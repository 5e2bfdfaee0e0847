/** `syncbench modes`: every measurement mode with its question and its parameters (defaults shown). */
import type { Command } from 'commander';

import type { ParamInfo } from '../contract';
import { modeInfos } from '../model/modes';
import { kebab } from './flags';

/**
 * One parameter as `--name=default`; one without a fixed default (it depends on the device) as
 * `--name=<range>(default: what is used)`, e.g. `--nblocks=<1..2147483647>(default: one block per SM)`.
 */
export function paramText(p: ParamInfo): string {
  const flag = `--${kebab(p.name)}`;
  if (p.default !== null)
    return `${flag}=${Array.isArray(p.default) ? p.default.join(',') : String(p.default)}`;
  const range =
    p.kind === 'enum'
      ? (p.values ?? []).join('|')
      : `${p.min ?? ''}..${p.max ?? ''}${p.kind === 'int-list' ? ',...' : ''}`;
  return `${flag}=<${range}>(default: ${p.whenUnset ?? 'none'})`;
}

/** Registers `modes`. */
export function registerModesCommand(program: Command): void {
  program
    .command('modes')
    .description('list the measurement modes and their parameters')
    .action(() => {
      for (const m of modeInfos()) {
        const params = m.params.map(paramText);
        process.stdout.write(
          `${m.id.padEnd(16)} ${m.title}\n${' '.repeat(17)}${m.question}\n${' '.repeat(17)}${params.join(' ')}\n`,
        );
      }
    });
}
