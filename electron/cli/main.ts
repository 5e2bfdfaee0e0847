/**
 * `syncbench`: the headless CLI over the same core as the desktop and browser shells, for scripts and remote GPU
 * hosts. Commands: device, modes, run, selftest (and more as the product grows). `syncbench --help` lists them.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

import { Command, InvalidArgumentError, Option } from 'commander';

import type { RunRequest } from '../contract';
import { APP_VERSION } from '../core/app-info';
import { findAppRoot } from '../core/app-root';
import { PlanError } from '../core/measure/plan-error';
import { MODES, modeInfos } from '../core/modes';
import { COMPARISON_FORMATS } from '../core/compare';
import { createAddonBackend } from '../core/native/addon-backend';
import { defaultResultsDir } from '../core/service/paths';
import { adviseCommand } from './advise-command';
import { compareCommand } from './compare-command';
import { EXPORT_FORMATS, exportCommand, type ExportCommandFormat } from './export-command';
import { deviceCommand } from './device-command';
import { EXIT, EXIT_HELP } from './exit-codes';
import { OutputError, UsageError } from './output';
import { RUN_FORMATS, runCommand, type RunFormat } from './run-command';
import { sanitizeTargetCommand } from './sanitize-target';
import { selftestCommand } from './selftest-command';

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every parameter name of every mode, once, with the modes that take it. */
function allParams(): Map<string, { help: string; modes: string[] }> {
  const map = new Map<string, { help: string; modes: string[] }>();
  for (const m of MODES) {
    for (const p of m.info.params) {
      const entry = map.get(p.name) ?? { help: p.help, modes: [] };
      entry.modes.push(m.info.id);
      map.set(p.name, entry);
    }
  }
  return map;
}

/** Stopping-rule options: [RunRequest.stopping key, flags, commander attribute, help]. */
const STOPPING_OPTIONS: Array<[string, string, string, string]> = [
  ['warmup', '--warmup <n>', 'warmup', 'repetitions run and discarded before measuring (default 2)'],
  ['minReps', '--reps <n>', 'reps', 'minimum repetitions per point (default 10)'],
  ['maxReps', '--max-reps <n>', 'maxReps', 'maximum repetitions per point (default 2000)'],
  [
    'minTimeMs',
    '--min-time-ms <ms>',
    'minTimeMs',
    'minimum measuring time per point before the noise target may stop it (default 20)',
  ],
  [
    'maxTimeMs',
    '--max-time-ms <ms>',
    'maxTimeMs',
    'time limit per point; a point stopped here is marked noisy, not dropped (default 300)',
  ],
  [
    'targetRelCi',
    '--noise-target <fraction>',
    'noiseTarget',
    'stop when the 95% CI half-width of the median is below this fraction (default 0.01)',
  ],
];

/** What `syncbench serve` is given: the options of electron/serve/command.ts's serveCommand that the CLI sets. */
export interface ServeLaunch {
  port: number;
  host: string;
  results?: string;
  workerScript?: string;
}

/**
 * The shells that the `syncbench` executable (electron/bin/syncbench.ts) puts behind CLI commands. The CLI does not
 * import them itself: shells never import each other (docs/architecture.md).
 */
export interface CliShells {
  /** Starts the browser shell and resolves once it listens; absent: there is no `serve` command. */
  serve?: (launch: ServeLaunch) => Promise<unknown>;
}

function buildProgram(shells: CliShells): Command {
  const program = new Command('syncbench')
    .description('Measure what CUDA synchronization costs on this GPU (Sync Workbench CLI).')
    .version(APP_VERSION)
    .addHelpText('after', `\n${EXIT_HELP}`)
    .showHelpAfterError()
    .exitOverride();

  program
    .command('device')
    .description(
      'show the GPU(s), their limits and the cooperative co-resident limit, or why no GPU is usable',
    )
    .option('--json', 'print JSON')
    .option(
      '--threads <n>',
      'block size for the cooperative limit (1 to 1024)',
      (v) => {
        const n = Number(v);
        if (!/^\d+$/.test(v) || n < 1 || n > 1024) {
          throw new InvalidArgumentError(`'${v}' is not a block size; use a whole number from 1 to 1024`);
        }
        return n;
      },
      256,
    )
    .action(async (o: { json?: boolean; threads: number }) => {
      process.exitCode = await deviceCommand(createAddonBackend(), o);
    });

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

  const run = program
    .command('run')
    .description('measure one mode and print or save the result')
    .requiredOption('--mode <mode>', `one of: ${MODES.map((m) => m.info.id).join(', ')}`)
    .option('--device <n>', 'CUDA device ordinal', '0')
    .addOption(new Option('--format <format>', 'output format').choices([...RUN_FORMATS]))
    .option(
      '--out <file>',
      'write the output to a file (atomically) instead of stdout; format from the extension',
    )
    .option('--name <name>', 'a name for the result')
    .option('--quiet', 'no progress on stderr');
  for (const [name, { help, modes }] of allParams()) {
    run.option(`--${kebab(name)} <value>`, `${help} [modes: ${modes.join(', ')}]`);
  }
  for (const [, flags, , help] of STOPPING_OPTIONS) run.option(flags, help);
  run.action(async (o: Record<string, string | boolean | undefined>) => {
    const params: RunRequest['params'] = {};
    for (const name of allParams().keys()) {
      const v = o[name];
      if (typeof v === 'string') params[name] = v;
    }
    const stopping: Record<string, number> = {};
    for (const [key, flags, attribute] of STOPPING_OPTIONS) {
      const v = o[attribute];
      if (typeof v !== 'string') continue;
      if (v.trim() === '' || !Number.isFinite(Number(v))) {
        process.stderr.write(`syncbench run: ${flags.split(' ')[0]} '${v}' is not a number\n`);
        process.exitCode = EXIT.invalid;
        return;
      }
      stopping[key] = Number(v);
    }
    const device = Number(o.device);
    if (!Number.isInteger(device) || device < 0) {
      process.stderr.write(
        `syncbench run: --device '${String(o.device)}' is not a device ordinal (0, 1, ...)\n`,
      );
      process.exitCode = EXIT.invalid;
      return;
    }
    process.exitCode = await runCommand(
      createAddonBackend(),
      {
        mode: String(o.mode),
        device,
        params,
        stopping,
        name: typeof o.name === 'string' ? o.name : undefined,
      },
      {
        format: o.format as RunFormat | undefined,
        out: o.out as string | undefined,
        quiet: o.quiet === true,
      },
    );
  });

  program
    .command('selftest')
    .description('check the measurement path; with --gpu, run every mode on the GPU and check the physics')
    .option('--gpu', 'run the GPU checks (needs a GPU)')
    .option('--out <file>', 'write the report (JSON) to a file')
    .option('--results-dir <dir>', 'also save every result file measured by the checks in this folder')
    .option('--skip <ids>', 'comma-separated check ids to skip (e.g. sanitizer)')
    .action(async (o: { gpu?: boolean; out?: string; resultsDir?: string; skip?: string }) => {
      process.exitCode = await selftestCommand(createAddonBackend(), o);
    });

  const serve = shells.serve;
  if (serve) {
    program
      .command('serve')
      .description(
        'serve the workbench to a browser (for GPU hosts without a display; reach it through an SSH tunnel)',
      )
      .option('--port <n>', 'TCP port (0 picks a free one)', '8420')
      .option('--host <address>', 'address to bind (keep 127.0.0.1 unless you know why not)', '127.0.0.1')
      .option('--results <dir>', "results folder (default: the app's user folder)")
      .action(async (o: { port: string; host: string; results?: string }) => {
        const port = Number(o.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          process.stderr.write(`syncbench serve: --port '${o.port}' is not a port number (0..65535)\n`);
          process.exitCode = EXIT.invalid;
          return;
        }
        if (o.results && existsSync(o.results) && !statSync(o.results).isDirectory()) {
          throw new UsageError(`--results ${o.results} is a file; give a folder (it is created if missing)`);
        }
        // The measuring process's script sits next to this CLI bundle (dist/cli.js + dist/worker.js).
        const sibling = process.argv[1] ? path.join(path.dirname(process.argv[1]), 'worker.js') : undefined;
        const workerScript = sibling && existsSync(sibling) ? sibling : undefined;
        try {
          await serve({ port, host: o.host, results: o.results, workerScript });
        } catch (err) {
          const busy = /EADDRINUSE/.test((err as Error).message);
          throw new UsageError(
            `${(err as Error).message}${busy ? ` — another program (another syncbench serve?) uses port ${port}; --port 0 picks a free one` : ''}`,
          );
        }
        await new Promise(() => {}); // serve until SIGINT/SIGTERM
      });
  }

  program
    .command('advise')
    .description(
      'answer "which barrier?" for a producer/consumer described in an answers file (docs/decision-engine.md)',
    )
    .requiredOption('--answers <file>', 'answers JSON (question id -> answer id)')
    .addOption(new Option('--format <format>', 'output format').choices(['json', 'md']).default('md'))
    .option('--out <file>', 'write to a file instead of stdout')
    .option('--results <dir>', "results folder to price the advice from (default: the app's user folder)")
    .action(async (o: { answers: string; format: 'json' | 'md'; out?: string; results?: string }) => {
      const root = findAppRoot(import.meta.url);
      process.exitCode = await adviseCommand({
        ...o,
        resultsDir: o.results ?? defaultResultsDir(),
        resourcesDir: path.join(root, 'resources'),
      });
    });

  program
    .command('compare')
    .description('compare two or more result files: deltas, ratios, a verdict per row, and what differs')
    .argument('<files...>', 'result files (JSON)')
    .addOption(new Option('--format <format>', 'output format').choices([...COMPARISON_FORMATS]))
    .option('--out <file>', 'write to a file instead of stdout')
    .action(async (files: string[], o: { format?: (typeof COMPARISON_FORMATS)[number]; out?: string }) => {
      process.exitCode = await compareCommand(files, o);
    });

  program
    .command('export')
    .description(
      'write a saved result file as a table, Markdown, CSV, JSON or a single-file HTML report (html: several ' +
        'files make the report of their comparison)',
    )
    .argument('<files...>', 'result files (JSON); one unless --format html')
    .addOption(new Option('--format <format>', 'output format').choices([...EXPORT_FORMATS]))
    .option('--out <file>', 'write to a file instead of stdout; format from the extension')
    .action(async (files: string[], o: { format?: ExportCommandFormat; out?: string }) => {
      process.exitCode = await exportCommand(files, o);
    });

  program
    .command('_sanitize-target', { hidden: true })
    .description('run one small launch of a verification workload for compute-sanitizer (internal)')
    .requiredOption('--workload <id>', 'handoff_smem, handoff_smem_no_barrier or divergent_barrier')
    .action(async (o: { workload: string }) => {
      process.exitCode = await sanitizeTargetCommand(createAddonBackend(), o.workload);
    });

  return program;
}

/**
 * Runs the CLI with `argv` (without node and script); resolves to the exit code (exit-codes.ts). `shells` adds the
 * commands that start another shell (`serve`).
 */
export async function main(argv: string[], shells: CliShells = {}): Promise<number> {
  const program = buildProgram(shells);
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    const code = (err as { code?: string; exitCode?: number }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version') return EXIT.ok;
    if (code?.startsWith('commander.')) return EXIT.invalid;
    if (err instanceof PlanError) {
      process.stderr.write(`syncbench: ${err.message}\n`);
      return err.code === 'INVALID' ? EXIT.invalid : EXIT.noGpu;
    }
    if (err instanceof OutputError || err instanceof UsageError) {
      process.stderr.write(`syncbench: ${err.message}\n`);
      return EXIT.invalid;
    }
    const detail = process.env.SYNCBENCH_DEBUG
      ? ((err as Error).stack ?? String(err))
      : (err as Error).message;
    process.stderr.write(
      `syncbench: internal error: ${detail}${process.env.SYNCBENCH_DEBUG ? '' : ' (SYNCBENCH_DEBUG=1 shows the stack)'}\n`,
    );
    return EXIT.internal;
  }
  return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
}
