/**
 * Verifies scripts/syncperformance-source.ts against a checkout of SyncPerformance's repository: every typed
 * figure equals the `max per op` line at its typed line number, that line belongs to the typed command line, and
 * every log's header prints the typed GPU and host facts. Needs the repository, so it is not part of CI (the unit
 * test checks the generated files against the typed source only).
 *
 * Usage: npx tsx scripts/check-syncperformance-source.ts <repo>
 *   <repo>: a bare git directory or a work tree of github.com/burtscher/SyncPerformance. The files are read at
 *   SNAPSHOT.commit (`git show <commit>:<path>`); exit 1 on any mismatch, 2 when the repository cannot be read.
 */
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

import {
  commandText,
  logPath,
  PUBLISHED_GPUS,
  SNAPSHOT,
  type PublishedGpu,
  type SyncPerformanceCode,
} from './syncperformance-source';

/** The file at SNAPSHOT.commit, as lines (line n is index n - 1). @throws Error when git cannot show it. */
function logLines(repo: string, file: string): string[] {
  return execFileSync('git', ['-C', repo, 'show', `${SNAPSHOT.commit}:${file}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).split('\n');
}

/** The header value after `label` (e.g. "  SMs: "), from the lines before the first command. */
function header(lines: string[], label: string): string | null {
  const end = lines.findIndex((l) => l.startsWith('./'));
  const line = lines.slice(0, end < 0 ? lines.length : end).find((l) => l.startsWith(label));
  return line === undefined ? null : line.slice(label.length).trim();
}

/** Mismatches of one GPU's typed header facts against one of its logs. */
function headerProblems(gpu: PublishedGpu, code: SyncPerformanceCode, lines: string[]): string[] {
  const expected: [string, string][] = [
    ['system: ', gpu.host.hostname],
    ['CPU: ', gpu.host.cpuModel],
    ['  architecture: ', gpu.host.arch],
    ['GPU: ', gpu.name],
    ['  SMs: ', String(gpu.smCount)],
    ['  mTpSM: ', String(gpu.maxThreadsPerSm)],
    ['  regs per SM: ', String(gpu.registersPerSm)],
    ['  regs per block: ', String(gpu.registersPerBlock)],
    ['  clock rate (GHz): ', String(gpu.clockGHz)],
  ];
  const version = lines[0] === SNAPSHOT.version ? [] : [`${logPath(gpu, code)}:1: "${lines[0]}"`];
  return version.concat(
    expected.flatMap(([label, value]) => {
      const got = header(lines, label);
      return got === value
        ? []
        : [`${logPath(gpu, code)}: header "${label.trim()}" is ${got}, typed ${value}`];
    }),
  );
}

/** Every mismatch between the typed source and the repository; empty when all agree. */
export function sourceProblems(repo: string): { problems: string[]; checked: number } {
  const problems: string[] = [];
  let checked = 0;
  for (const gpu of PUBLISHED_GPUS) {
    const logs = new Map<SyncPerformanceCode, string[]>();
    for (const f of gpu.figures) {
      const file = logPath(gpu, f.code);
      if (!logs.has(f.code)) {
        const lines = logLines(repo, file);
        logs.set(f.code, lines);
        problems.push(...headerProblems(gpu, f.code, lines));
      }
      const lines = logs.get(f.code)!;
      const where = `${file}:${f.maxPerOpLine}`;
      const command = lines[f.commandLine - 1];
      if (command !== commandText(f)) {
        problems.push(`${file}:${f.commandLine}: "${command}", typed "${commandText(f)}"`);
      }
      // The figure's block: from its command line to the next one, with the max line inside it.
      const next = lines.findIndex((l, i) => i >= f.commandLine && l.startsWith('./'));
      const blockEnd = next < 0 ? lines.length : next + 1;
      if (f.maxPerOpLine <= f.commandLine || f.maxPerOpLine >= blockEnd) {
        problems.push(`${where}: not in the block of the command at line ${f.commandLine}`);
      }
      const match = /^max per op: (\S+)$/.exec(lines[f.maxPerOpLine - 1] ?? '');
      if (!match) problems.push(`${where}: "${lines[f.maxPerOpLine - 1]}" is not a "max per op" line`);
      else if (Number(match[1]) !== f.cycles) problems.push(`${where}: log ${match[1]}, typed ${f.cycles}`);
      const threads = lines.slice(f.commandLine, blockEnd).find((l) => l.startsWith('threads per block: '));
      const blocks = lines.slice(f.commandLine, blockEnd).find((l) => l.startsWith('blocks: '));
      if (threads !== `threads per block: ${f.threadsPerBlock}` || blocks !== `blocks: ${f.blocks}`) {
        problems.push(`${where}: block prints "${threads}", "${blocks}"`);
      }
      checked += 1;
    }
  }
  return { problems, checked };
}

function main(): void {
  const repo = process.argv[2];
  if (!repo) {
    console.error('usage: npx tsx scripts/check-syncperformance-source.ts <SyncPerformance repository>');
    process.exitCode = 2;
    return;
  }
  let result: ReturnType<typeof sourceProblems>;
  try {
    result = sourceProblems(repo);
  } catch (e) {
    console.error(`cannot read ${repo} at ${SNAPSHOT.commit}: ${(e as Error).message}`);
    process.exitCode = 2;
    return;
  }
  for (const p of result.problems) console.error(p);
  console.log(
    `${result.checked} figures of ${PUBLISHED_GPUS.length} GPUs checked against ${repo} at ${SNAPSHOT.commit}: ` +
      `${result.problems.length} mismatches`,
  );
  process.exitCode = result.problems.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
