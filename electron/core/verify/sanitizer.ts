/**
 * compute-sanitizer on the `correctness` hand-off: the kernel with its barriers and without them
 * under `--tool racecheck`, and a barrier in divergent code under `--tool synccheck`. Each target runs in its own
 * process (`syncbench _sanitize-target --workload <id>`), started by compute-sanitizer. What the tool reports is
 * shown as reported, with the tool's version; the barrier-less variant is a detected hazard, never a failure rate.
 */
import { spawn, spawnSync } from 'node:child_process';

import type { SanitizerTool } from '../../model/modes/sanitizer-targets';

/** How to start the CLI in a child process: the executable and the script (plus env, e.g. ELECTRON_RUN_AS_NODE). */
export interface SanitizerHost {
  execPath: string;
  cliPath: string;
  /**
   * The arguments that make `execPath` run the CLI, when not just `[cliPath]` (the packaged app's binary takes its
   * CLI switch instead of a script, electron/main/cli-mode.ts).
   */
  cliArgs?: string[];
  env?: Record<string, string>;
}

export interface SanitizerRun {
  tool: SanitizerTool;
  workload: string;
  /** What the target is, for a person: "hand-off with __syncthreads" etc. */
  what: string;
  /** Whether this variant is meant to be clean (true) or to contain the hazard (false). */
  expectClean: boolean;
  /** Hazards/errors the tool reported (null: its summary line was not found). */
  errors: number | null;
  warnings: number | null;
  /** The tool's summary line. */
  summary: string;
  /** The first lines of its report (at most 40). */
  excerpt: string[];
  exitCode: number | null;
}

/** `compute-sanitizer --version`'s version line, or null when the tool is not on the PATH. */
export function sanitizerVersion(): string | null {
  const r = spawnSync('compute-sanitizer', ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  const line = r.stdout.split('\n').find((l) => /version/i.test(l));
  return (line ?? r.stdout.split('\n')[0] ?? '').trim() || null;
}

/**
 * Parses compute-sanitizer output. racecheck ends with "RACECHECK SUMMARY: N hazards displayed (E errors,
 * W warnings)"; every tool ends with "ERROR SUMMARY: N errors".
 */
export function parseSanitizerOutput(text: string): {
  errors: number | null;
  warnings: number | null;
  summary: string;
} {
  const race = /RACECHECK SUMMARY: \d+ hazards? displayed \((\d+) errors?, (\d+) warnings?\)/.exec(text);
  if (race) return { errors: Number(race[1]), warnings: Number(race[2]), summary: race[0] };
  const generic = /ERROR SUMMARY: (\d+) errors?/.exec(text);
  if (generic) return { errors: Number(generic[1]), warnings: null, summary: generic[0] };
  return { errors: null, warnings: null, summary: 'no summary line in the tool output' };
}

/** Runs one target under the tool (with a time limit) and reports what the tool said. */
export function runSanitizerTarget(
  host: SanitizerHost,
  [tool, workload, what, expectClean]: [SanitizerTool, string, string, boolean],
  timeoutMs = 45_000,
): Promise<SanitizerRun> {
  return new Promise((resolve) => {
    const child = spawn(
      'compute-sanitizer',
      [
        '--tool',
        tool,
        '--print-limit',
        '10',
        host.execPath,
        ...(host.cliArgs ?? [host.cliPath]),
        '_sanitize-target',
        '--workload',
        workload,
      ],
      { env: { ...process.env, ...host.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr.on('data', (d: Buffer) => (text += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const finish = (exitCode: number | null) => {
      clearTimeout(timer);
      const parsed = parseSanitizerOutput(text);
      const excerpt = text
        .split('\n')
        .filter((l) => l.startsWith('========='))
        .slice(0, 40);
      resolve({ tool, workload, what, expectClean, ...parsed, excerpt, exitCode });
    };
    child.on('error', () => finish(null));
    child.on('close', (code) => finish(code));
  });
}
