/**
 * `syncbench run -m <mode> ...`: measure one mode, progress on stderr, the result in the chosen format. Everything
 * that needs no GPU is checked first (parameters, stopping rule, names, `--out`), then the device, then the CUDA
 * scheduling flag; only then is anything launched, so a bad argument never costs a measurement.
 */
import type { SanitizerHost } from '../core/verify/sanitizer';
import type { CliHost } from './cli-host';
import { thisCli } from './this-cli';
import { Option, type Command } from 'commander';

import type { RunRequest } from '../contract';
import { nameProblem } from '../contract/names';
import { formatResult, type TableColumns } from '../core/format';
import type { MeasureBackend } from '../model/measure/backend';
import { PlanError } from '../model/modes/plan-error';
import { checkRequestWithoutDevice } from '../core/measure/plan-run';
import { resolveDevice } from '../core/measure/device';
import { startMeasuredRun } from '../core/measure/run';
import { sanitizerAttacher } from '../core/verify/attach-sanitizer';
import { MODES } from '../model/modes';
import { createAddonBackend } from '../core/native/addon-backend';
import { loadAddon } from '../core/native/load-addon';
import type { Provenance } from '../model/results/schema';
import { EXIT } from './exit-codes';
import { allParams, asFlags, kebab, STOPPING_OPTIONS } from './flags';
import { checkOutTarget, emit, formatFor, UsageError } from './output';
import { createProgress } from './progress';
import { gpuWaitLine, sharingLine } from './sharing-lines';
import { DEFAULT_GPU_WAIT_S, MAX_GPU_WAIT_S } from '../core/measure/gpu-access';

type ScheduleFlag = Provenance['scheduleFlag'];

export const RUN_FORMATS = ['table', 'md', 'csv', 'json'] as const;
export type RunFormat = (typeof RUN_FORMATS)[number];

export interface RunOutputOptions {
  format?: RunFormat;
  /** A file, `-` or undefined (stdout). */
  out?: string;
  quiet?: boolean;
  /** The terminal table's columns (default compact). */
  columns?: TableColumns;
  /** How compute-sanitizer's targets start this CLI (default: thisCli()). */
  self?: SanitizerHost;
}

/** Registers `run` with every mode parameter and stopping-rule flag. */
export function registerRunCommand(program: Command, host: CliHost = {}): void {
  const run = program
    .command('run')
    .description('measure one mode and print or save the result')
    .requiredOption('-m, --mode <mode>', `one of: ${MODES.map((m) => m.info.id).join(', ')}`)
    .option('--device <n>', 'CUDA device ordinal', '0')
    .addOption(new Option('-f, --format <format>', 'output format').choices([...RUN_FORMATS]))
    .option(
      '-o, --out <file>',
      'write the output to a file (atomically; format from the extension), or - for stdout',
    )
    .addOption(
      new Option('--columns <set>', 'table columns: compact (fits 120 columns) or all')
        .choices(['compact', 'all'])
        .default('compact'),
    )
    .option('--name <name>', 'a name for the result')
    .option(
      '--shared',
      'measure even while another syncbench process measures on this GPU (default: wait for it, then refuse)',
    )
    .option(
      '--exclusive',
      'wait until no other compute process is on the GPU (NVML), then refuse naming them (exit 2)',
    )
    .option('--gpu-wait <s>', 'how long to wait for the GPU before refusing, s', String(DEFAULT_GPU_WAIT_S))
    .option('-q, --quiet', 'no progress on stderr');
  for (const [name, { help, modes }] of allParams()) {
    run.option(`--${kebab(name)} <value>`, `${help} [modes: ${modes.join(', ')}]`);
  }
  for (const [, flags, , help] of STOPPING_OPTIONS) run.option(flags, help);
  run.action(async (o: Record<string, string | boolean | undefined>) => {
    process.exitCode = await runCommand(createAddonBackend(), requestOf(o), {
      format: o.format as RunFormat | undefined,
      out: o.out as string | undefined,
      quiet: o.quiet === true,
      columns: o.columns as TableColumns,
      ...(host.self ? { self: host.self } : {}),
    });
  });
}

/** The run request of the parsed flags. @throws UsageError for an empty value, a non-number or a bad name. */
export function requestOf(o: Record<string, string | boolean | undefined>): RunRequest {
  const params: RunRequest['params'] = {};
  for (const name of allParams().keys()) {
    const v = o[name];
    if (typeof v !== 'string') continue;
    if (v.trim() === '') {
      throw new UsageError(
        `--${kebab(name)}: an empty value is not allowed; leave the flag out for the default`,
      );
    }
    params[name] = v;
  }
  const stopping: Record<string, number> = {};
  for (const [key, flags, attribute] of STOPPING_OPTIONS) {
    const v = o[attribute];
    if (typeof v !== 'string') continue;
    if (v.trim() === '' || !Number.isFinite(Number(v))) {
      throw new UsageError(`${flags.split(' ')[0]} '${v}' is not a finite number`);
    }
    stopping[key] = Number(v);
  }
  const device = Number(o.device);
  if (!Number.isInteger(device) || device < 0) {
    throw new UsageError(`--device '${String(o.device)}' is not a device ordinal (0, 1, ...)`);
  }
  const name = typeof o.name === 'string' ? o.name : undefined;
  const problem = name === undefined ? null : nameProblem(name);
  if (problem) throw new UsageError(`--name: the name ${problem}`);
  if (o.shared === true && o.exclusive === true) {
    throw new UsageError('--shared and --exclusive exclude each other: choose one');
  }
  const gpuWaitText = String(o.gpuWait ?? DEFAULT_GPU_WAIT_S);
  const gpuWaitS = Number(gpuWaitText);
  // A plain decimal only: Number() would take '' as 0, '0x10' as 16 and '1e6' as a million.
  if (!/^\d+(\.\d+)?$/.test(gpuWaitText) || gpuWaitS > MAX_GPU_WAIT_S) {
    throw new UsageError(
      `--gpu-wait '${gpuWaitText}' is not allowed: give a plain number of seconds from 0 to ${MAX_GPU_WAIT_S}`,
    );
  }
  const gpuAccess = o.shared === true ? 'shared' : o.exclusive === true ? 'exclusive' : 'wait';
  return {
    mode: String(o.mode),
    device,
    params,
    stopping,
    ...(name ? { name: name.trim() } : {}),
    gpuAccess,
    gpuWaitS,
  };
}

/**
 * Runs the request and writes the result. Returns the exit code: 0, 2 (invalid; nothing was launched), 3 (no
 * GPU, driver or addon; nothing was launched), 4 (failed), 5 (verification failed), 130 (Ctrl-C).
 */
export async function runCommand(
  backend: MeasureBackend,
  req: RunRequest,
  opts: RunOutputOptions,
): Promise<number> {
  let run;
  const progress = createProgress(process.stderr, { quiet: opts.quiet });
  let format: RunFormat;
  try {
    format = formatFor(opts.format, opts.out, RUN_FORMATS, 'table');
    checkRequestWithoutDevice(req);
    await checkOutTarget(opts.out);
    await resolveDevice(backend, req.device ?? 0);
    const scheduleFlag = setScheduleFlag(req.params.schedule);
    run = await startMeasuredRun(
      req,
      backend,
      {
        onGpuWait: (w) => {
          if (!opts.quiet) process.stderr.write(`${gpuWaitLine(w)}\n`);
        },
        onStarted: (plan, total) => {
          if (!opts.quiet) process.stderr.write(`${plan.mode}: ${total} point(s) on device ${plan.device}\n`);
          progress.started(total);
        },
        onPoint: (p, done, total) => progress.point(p, done, total),
      },
      { scheduleFlag, attachSanitizer: sanitizerAttacher(opts.self ?? thisCli()) },
    );
  } catch (err) {
    progress.stop();
    if (err instanceof PlanError) {
      process.stderr.write(`syncbench run: ${asFlags(err.message)}\n`);
      return err.code === 'INVALID' ? EXIT.invalid : EXIT.noGpu;
    }
    throw err;
  }
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
    progress.stop();
    process.stderr.write('cancelling after the current repetition...\n');
    run.cancel();
  };
  process.once('SIGINT', onSigint);
  const { result } = await run.done;
  process.off('SIGINT', onSigint);
  progress.stop();
  await emit(formatResult(result, format, { columns: opts.columns ?? 'compact' }), opts.out, {
    markdown: format === 'md',
    readable: format === 'table',
  });
  if (!opts.quiet || result.gpuSharing?.processes.length) process.stderr.write(sharingLine(result));
  if (result.status === 'failed') {
    process.stderr.write(`syncbench run: failed: ${result.error?.message}\n`);
    return EXIT.runFailed;
  }
  if (result.status === 'cancelled' || interrupted) return EXIT.cancelled;
  if (result.points.some((p) => p.verification && !p.verification.ok)) return EXIT.verifyFailed;
  return EXIT.ok;
}

/**
 * Sets the host scheduling flag of the CUDA context (fixed when the context is created: before the GPU is first
 * used) and returns it. The value was checked by checkRequestWithoutDevice.
 * @throws PlanError NO_GPU when the driver refuses it (e.g. cudaErrorInsufficientDriver).
 */
function setScheduleFlag(schedule: RunRequest['params'][string] | undefined): ScheduleFlag {
  const flag = typeof schedule === 'string' && schedule !== 'auto' ? (schedule as ScheduleFlag) : 'auto';
  if (flag === 'auto') return flag;
  try {
    loadAddon().addon?.setScheduleFlag(flag);
  } catch (err) {
    throw new PlanError('NO_GPU', `cannot set the CUDA scheduling flag ${flag}: ${(err as Error).message}`);
  }
  return flag;
}
