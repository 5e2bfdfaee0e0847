/**
 * Runs the user's program under Nsight Compute with the fixed sections and metrics of docs/profile.md#what-is-collected,
 * passes the program's own output through as it comes (ncu's `==PROF==` lines go to stderr), enforces
 * the time limit, and turns ncu's refusals into ProfileErrors that say what to do. Then exports the report's raw
 * page, its instruction mix and its source page as CSV, each read as it streams.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

import type { NcuPages } from '../../model/profile/build-profile';
import { NcuRowStream, type NcuRowReader } from '../../model/profile/ncu-rows';
import { MIX_METRIC, OpcodePageReader } from '../../model/profile/opcode-page';
import { RawPageReader } from '../../model/profile/raw-page';
import { SourcePageReader } from '../../model/profile/source-page';
import { NVGPUCTRPERM_URL, ProfileError } from './profile-error';

/** The sections collected (Nsight Compute Profiling Guide, "Sections"). */
export const NCU_SECTIONS = ['LaunchStats', 'WarpStateStats', 'InstructionStats', 'SourceCounters'] as const;
/** The metrics collected beside the sections (docs/profile.md#what-is-collected). */
export const NCU_METRICS = [
  'gpu__time_duration.sum',
  'smsp__cycles_active.sum',
  'smsp__warp_issue_stalled_barrier_per_warp_active.pct',
  'smsp__warp_issue_stalled_membar_per_warp_active.pct',
  'smsp__warp_issue_stalled_sleeping_per_warp_active.pct',
  'smsp__warp_issue_stalled_misc_per_warp_active.pct',
  MIX_METRIC,
  'launch__cluster_dim_x',
  'launch__cluster_dim_y',
  'launch__cluster_dim_z',
] as const;

/** The raw page: every metric's total, no instances (docs/profile.md#what-is-collected). */
export const RAW_PAGE_ARGS = ['--page', 'raw', '--print-units', 'base', '--print-metric-instances', 'none'];
/** The instruction mix: only its metric, with its per-opcode instances. */
export const OPCODE_PAGE_ARGS = [
  '--page',
  'raw',
  '--print-units',
  'base',
  '--metrics',
  MIX_METRIC,
  '--print-metric-instances',
  'details',
];
/** Stalls per source line, and the files each kernel's code comes from. */
export const SOURCE_PAGE_ARGS = ['--page', 'source', '--print-source', 'cuda,sass'];

export interface NcuRunOptions {
  ncu: string;
  program: string;
  args: readonly string[];
  /** A regex on kernel names (ncu -k regex:…), or null for every kernel. */
  kernelFilter: string | null;
  /** At most this many launches are profiled (ncu -c), or null. */
  launchCount: number | null;
  timeLimitS: number;
  /** The report's path without .ncu-rep (a scratch folder's). */
  reportBase: string;
  env: NodeJS.ProcessEnv;
  /** Where the program's own output goes, and ncu's messages. */
  out: (text: string) => void;
  err: (text: string) => void;
}

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Runs a command, each chunk of its stdout handed to `onStdout` as it comes; kills it after `limitS`, or when
 * `onStdout` throws (the promise then rejects with that error).
 */
function runChild(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  limitS: number,
  onStdout: (chunk: string) => void,
) {
  return new Promise<Omit<Ran, 'stdout'>>((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stderr = '';
    let timedOut = false;
    let failed: unknown = null;
    const kill = () => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, limitS * 1000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (failed !== null) return;
      try {
        onStdout(chunk);
      } catch (err) {
        failed = err;
        kill();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failed !== null) reject(failed);
      else resolve({ code, stderr, timedOut });
    });
  });
}

/** runChild keeping stdout, each complete line of it also handed to `onLine` as it comes. */
async function runLines(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  limitS: number,
  onLine: (l: string) => void,
): Promise<Ran> {
  let stdout = '';
  let pending = '';
  const ran = await runChild(cmd, args, env, limitS, (chunk) => {
    stdout += chunk;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  if (pending) onLine(pending);
  return { ...ran, stdout };
}

/** ncu's own lines start with ==PROF==, ==ERROR==, ==WARNING==; everything else is the program's. */
const NCU_LINE = /^==(PROF|ERROR|WARNING|INFO)==/;

/**
 * Collects a report. Returns the program's exit status (0 when it succeeded).
 * @throws ProfileError NO_PERMISSION, PROGRAM_MISSING, PROGRAM_FAILED, NO_KERNELS, TIME_LIMIT, NCU_FAILED.
 */
export async function collectReport(o: NcuRunOptions): Promise<void> {
  const args = [
    ...NCU_SECTIONS.flatMap((s) => ['--section', s]),
    '--metrics',
    NCU_METRICS.join(','),
    '--import-source',
    'yes',
    '-f',
    '-o',
    o.reportBase,
    ...(o.kernelFilter === null ? [] : ['-k', `regex:${o.kernelFilter}`]),
    ...(o.launchCount === null ? [] : ['-c', String(o.launchCount)]),
    '--',
    o.program,
    ...o.args,
  ];
  const ran = await runLines(o.ncu, args, o.env, o.timeLimitS, (line) =>
    NCU_LINE.test(line) ? o.err(`${line}\n`) : o.out(`${line}\n`),
  );
  if (ran.stderr) o.err(ran.stderr);
  throwIfFailed(ran, o);
}

/** The refusal a finished ncu run means, if any (see collectReport). */
function throwIfFailed(ran: Ran, o: NcuRunOptions): void {
  const all = `${ran.stdout}\n${ran.stderr}`;
  if (ran.timedOut) {
    throw new ProfileError(
      'TIME_LIMIT',
      `the profile took longer than the time limit (${o.timeLimitS} s) and was stopped; nothing was saved. ` +
        'Profile fewer launches (--launch-count N, --kernel REGEX) or give a longer --time-limit',
    );
  }
  if (all.includes('ERR_NVGPUCTRPERM')) {
    throw new ProfileError(
      'NO_PERMISSION',
      'ncu was refused access to the GPU performance counters (ERR_NVGPUCTRPERM). Run as root (sudo), or allow ' +
        'profiling by every user with the driver option NVreg_RestrictProfilingToAdminUsers=0 (e.g. a line ' +
        '"options nvidia NVreg_RestrictProfilingToAdminUsers=0" in /etc/modprobe.d/, then reload the driver or ' +
        `reboot); see ${NVGPUCTRPERM_URL}`,
    );
  }
  if (/does not exist or is not an executable/.test(all)) {
    throw new ProfileError(
      'PROGRAM_MISSING',
      `${o.program}: no such program, or it is not executable; give the path of a built CUDA program after --`,
    );
  }
  const appCode = /The application returned an error code \((-?\d+)\)/.exec(all);
  if (appCode) {
    throw new ProfileError(
      'PROGRAM_FAILED',
      `${path.basename(o.program)} exited with status ${appCode[1]} under ncu (its output is above); nothing was ` +
        'saved. Fix the program or its arguments and profile again',
    );
  }
  if (/No kernels were profiled/.test(all)) {
    const available = /Available Kernels:\s*\n([\s\S]*)$/.exec(all)?.[1]?.trim();
    throw new ProfileError(
      'NO_KERNELS',
      `no kernel was profiled${o.kernelFilter === null ? '' : ` (--kernel ${o.kernelFilter} matched none)`}` +
        (available ? `; the program launched: ${available.split(/\s*\n\s*/).join(' ')}` : '') +
        '; nothing was saved',
    );
  }
  if (ran.code !== 0) {
    const errors = all.split('\n').filter((l) => l.startsWith('==ERROR=='));
    throw new ProfileError(
      'NCU_FAILED',
      `ncu exited with status ${ran.code}${errors.length ? `: ${errors.join(' ')}` : ''}; nothing was saved`,
    );
  }
}

/** Streams one exported page of the report through `reader`; the exit as runChild's. */
async function exportPage(
  ncu: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeLimitS: number,
  reader: NcuRowReader,
) {
  const stream = new NcuRowStream(reader);
  const ran = await runChild(ncu, args, env, timeLimitS, (chunk) => stream.push(chunk));
  const ok = ran.code === 0 && !ran.timedOut;
  if (ok) stream.end();
  return { ...ran, ok };
}

/**
 * The report's pages, each read as ncu writes it (no page is held as one string): the raw page without metric
 * instances, the instruction mix from an export of its one metric with instances, and the cuda,sass source page
 * (null when ncu could not export it, e.g. no line information). docs/profile.md#what-is-collected.
 * @throws ProfileError NCU_FAILED when the raw page cannot be exported; NcuParseError when a page is not ncu's.
 */
export async function exportPages(
  ncu: string,
  report: string,
  env: NodeJS.ProcessEnv,
  timeLimitS: number,
): Promise<NcuPages> {
  const base = ['--import', report, '--csv'];
  const raw = new RawPageReader();
  const rawRan = await exportPage(ncu, [...base, ...RAW_PAGE_ARGS], env, timeLimitS, raw);
  if (!rawRan.ok) {
    throw new ProfileError(
      'NCU_FAILED',
      `ncu could not export the report's raw page: ${rawRan.stderr.trim()}`,
    );
  }
  const opcodes = new OpcodePageReader();
  const opcodesRan = await exportPage(ncu, [...base, ...OPCODE_PAGE_ARGS], env, timeLimitS, opcodes);
  const source = new SourcePageReader();
  const sourceRan = await exportPage(ncu, [...base, ...SOURCE_PAGE_ARGS], env, timeLimitS, source);
  return {
    launches: raw.records(),
    opcodeMix: opcodesRan.ok ? opcodes.mixes() : null,
    source: sourceRan.ok ? source.result() : null,
  };
}
