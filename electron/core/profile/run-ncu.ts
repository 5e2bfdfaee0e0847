/**
 * Runs the user's program under Nsight Compute with the fixed sections and metrics of docs/profile.md#what-is-
 * collected, passes the program's own output through as it comes (ncu's `==PROF==` lines go to stderr), enforces
 * the time limit, and turns ncu's refusals into ProfileErrors that say what to do. Then exports the report's raw
 * page (with metric instances) and source page as CSV text.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

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
  'sass__inst_executed_per_opcode_with_modifier_all',
  'launch__cluster_dim_x',
  'launch__cluster_dim_y',
  'launch__cluster_dim_z',
] as const;

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

/** Runs a command, each complete line of its stdout handed to `onLine` as it comes; kills it after `limitS`. */
function runLines(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  limitS: number,
  onLine?: (l: string) => void,
) {
  return new Promise<Ran>((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let pending = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, limitS * 1000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!onLine) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (pending && onLine) onLine(pending);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
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

/**
 * The report's pages as CSV: the raw page with metric instances, and the cuda,sass source page (null when ncu
 * could not export it, e.g. no line information).
 * @throws ProfileError NCU_FAILED when the raw page cannot be exported.
 */
export async function exportPages(
  ncu: string,
  report: string,
  env: NodeJS.ProcessEnv,
  timeLimitS: number,
): Promise<{ raw: string; source: string | null }> {
  const base = ['--import', report, '--csv'];
  const raw = await runLines(
    ncu,
    [...base, '--page', 'raw', '--print-units', 'base', '--print-metric-instances', 'details'],
    env,
    timeLimitS,
  );
  if (raw.code !== 0 || raw.timedOut) {
    throw new ProfileError('NCU_FAILED', `ncu could not export the report's raw page: ${raw.stderr.trim()}`);
  }
  const source = await runLines(
    ncu,
    [...base, '--page', 'source', '--print-source', 'cuda,sass'],
    env,
    timeLimitS,
  );
  return { raw: raw.stdout, source: source.code === 0 && !source.timedOut ? source.stdout : null };
}
