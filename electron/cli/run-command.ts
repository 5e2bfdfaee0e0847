/** `syncbench run --mode <mode> ...`: measure one mode, progress on stderr, the result in the chosen format. */
import type { RunRequest } from '../contract';
import { formatResult } from '../core/format';
import type { MeasureBackend } from '../core/measure/backend';
import { PlanError } from '../core/measure/plan-error';
import { startMeasuredRun } from '../core/measure/run';
import { loadAddon } from '../core/native/load-addon';
import type { Point, Provenance } from '../core/results/schema';

type ScheduleFlag = Provenance['scheduleFlag'];
import { EXIT } from './exit-codes';
import { emit, formatFor } from './output';

export const RUN_FORMATS = ['table', 'md', 'csv', 'json'] as const;
export type RunFormat = (typeof RUN_FORMATS)[number];

function progressLine(p: Point, done: number, total: number): string {
  const ns = p.perSyncNs ? `${p.perSyncNs.median.toPrecision(4)} ns` : '—';
  const cyc = p.perSyncCycles ? `, ${p.perSyncCycles.median.toPrecision(4)} cycles` : '';
  const flags = [p.noisy ? 'noisy' : '', p.clock.throttled ? 'throttled' : '', p.incorrect ? 'INCORRECT' : '']
    .filter(Boolean)
    .join(' ');
  const verify = p.verification ? (p.verification.ok ? ' verified' : ' VERIFICATION FAILED') : '';
  return `[${done}/${total}] ${p.label}: ${ns}${cyc} per unit (${p.reps} reps)${verify}${flags ? ` [${flags}]` : ''}\n`;
}

/** The request fields as the CLI spells them (its flags), for messages. */
const FLAGS: Record<string, string> = {
  targetRelCi: '--noise-target',
  minReps: '--reps',
  maxReps: '--max-reps',
  minTimeMs: '--min-time-ms',
  maxTimeMs: '--max-time-ms',
  warmup: '--warmup',
};

/** Rewrites the core's field names (`nwarpsList`, `targetRelCi`, ...) in a message as the CLI's flags. */
export function asFlags(message: string): string {
  const flag = (name: string) => FLAGS[name] ?? `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const listed = message.replace(
    /this mode takes ([A-Za-z, ]+)/g,
    (_all, list: string) => `this mode takes ${list.split(', ').map(flag).join(', ')}`,
  );
  return listed.replace(/\b([a-z][A-Za-z]*)\b(?=:| \()/g, (name: string) => {
    if (FLAGS[name]) return FLAGS[name];
    return /[A-Z]/.test(name) ||
      [
        'mode',
        'device',
        'iters',
        'nwarps',
        'nblocks',
        'schedule',
        'sanitizer',
        'participants',
        'work',
        'pair',
      ].includes(name)
      ? `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
      : name;
  });
}

/**
 * Runs the request and writes the result. Returns the exit code: 0, 2 (invalid), 3 (no GPU/addon), 4 (failed),
 * 5 (verification failed), 130 (Ctrl-C).
 */
export async function runCommand(
  backend: MeasureBackend,
  req: RunRequest,
  opts: { format?: RunFormat; out?: string; quiet?: boolean },
): Promise<number> {
  const format = formatFor(opts.format, opts.out, RUN_FORMATS, 'table');
  const schedule = req.params.schedule;
  const scheduleFlag =
    typeof schedule === 'string' && schedule !== 'auto' ? (schedule as ScheduleFlag) : 'auto';
  let run;
  try {
    // The host scheduling flag is fixed when the CUDA context is created: set it before the GPU is first used.
    if (scheduleFlag !== 'auto') loadAddon().addon?.setScheduleFlag(scheduleFlag);
    run = await startMeasuredRun(
      req,
      backend,
      {
        onStarted: (plan, total) => {
          if (!opts.quiet) process.stderr.write(`${plan.mode}: ${total} point(s) on device ${plan.device}\n`);
        },
        onPoint: (p, done, total) => {
          if (!opts.quiet) process.stderr.write(progressLine(p, done, total));
        },
      },
      { scheduleFlag, sanitizerHost: { execPath: process.execPath, cliPath: process.argv[1] ?? '' } },
    );
  } catch (err) {
    if (err instanceof PlanError) {
      process.stderr.write(`syncbench run: ${asFlags(err.message)}\n`);
      return err.code === 'INVALID' ? EXIT.invalid : EXIT.noGpu;
    }
    throw err;
  }
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
    process.stderr.write('cancelling after the current repetition...\n');
    run.cancel();
  };
  process.once('SIGINT', onSigint);
  const { result } = await run.done;
  process.off('SIGINT', onSigint);
  await emit(formatResult(result, format), opts.out);
  if (result.status === 'failed') {
    process.stderr.write(`syncbench run: failed: ${result.error?.message}\n`);
    return EXIT.runFailed;
  }
  if (result.status === 'cancelled' || interrupted) return EXIT.cancelled;
  if (result.points.some((p) => p.verification && !p.verification.ok)) return EXIT.verifyFailed;
  return EXIT.ok;
}
