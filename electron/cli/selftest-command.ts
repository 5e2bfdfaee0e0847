/**
 * `syncbench selftest [--gpu]`: runs the checks, prints one line per check, optionally writes a JSON report and
 * the result files the checks measured. Output paths are checked (and `--results-dir` created) before the first
 * launch, so a typo never costs a GPU measurement.
 */
import type { SanitizerHost } from '../core/verify/sanitizer';
import type { CliHost } from './cli-host';
import { thisCli } from './this-cli';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

import type { Command } from 'commander';
import { writeFileDurably } from '../core/files/durable-write';

import type { MeasureBackend } from '../model/measure/backend';
import { PlanError } from '../model/modes/plan-error';
import { writeResultFile } from '../core/results/io';
import type { ResultFile } from '../model/results/schema';
import { runChecks, type CheckOutcome } from '../core/verify/checks';
import { gpuChecks, hostChecks } from '../core/verify';
import { createAddonBackend } from '../core/native/addon-backend';
import { EXIT } from './exit-codes';
import { checkOutTarget, OutputError, UsageError } from './output';

/** Registers `selftest [--gpu] [-o report.json] [--results-dir DIR] [--skip ids]`. */
export function registerSelftestCommand(program: Command, host: CliHost = {}): void {
  program
    .command('selftest')
    .description('check the measurement path; with --gpu, run every mode on the GPU and check the physics')
    .option('--gpu', 'run the GPU checks (needs a GPU)')
    .option('-o, --out <file>', 'write the report (JSON) to a file')
    .option(
      '--results-dir <dir>',
      'also save every result file measured by the checks in this folder (created)',
    )
    .option('--skip <ids>', 'comma-separated check ids to skip (e.g. sanitizer)')
    .action(async (o: { gpu?: boolean; out?: string; resultsDir?: string; skip?: string }) => {
      process.exitCode = await selftestCommand(createAddonBackend(), {
        ...o,
        ...(host.self ? { self: host.self } : {}),
      });
    });
}

/**
 * Creates `dir` (and its parents) when missing. @throws OutputError when it is a file or cannot be created.
 */
async function prepareResultsDir(dir: string): Promise<void> {
  const found = await stat(dir).catch(() => null);
  if (found && !found.isDirectory()) throw new OutputError(`--results-dir ${dir} is a file; give a folder`);
  try {
    await mkdir(dir, { recursive: true });
  } catch (err) {
    throw new OutputError(`--results-dir ${dir}: cannot create the folder: ${(err as Error).message}`);
  }
}

/** Returns 0 when every check passed or was skipped, 5 when one failed, 3 when --gpu found no GPU. */
export async function selftestCommand(
  backend: MeasureBackend,
  opts: { gpu?: boolean; out?: string; resultsDir?: string; skip?: string; self?: SanitizerHost },
): Promise<number> {
  const kept: ResultFile[] = [];
  await checkOutTarget(opts.out);
  if (opts.resultsDir) await prepareResultsDir(opts.resultsDir);
  let checks = hostChecks(backend);
  if (opts.gpu) {
    try {
      checks = [...checks, ...(await gpuChecks(backend, opts.self ?? thisCli()))];
    } catch (err) {
      if (err instanceof PlanError) {
        process.stderr.write(`selftest --gpu: ${err.message}\n`);
        return EXIT.noGpu;
      }
      throw err;
    }
  }
  const skip = new Set((opts.skip ?? '').split(',').filter(Boolean));
  // The checks that run here (the GPU's only with --gpu, and those depend on the device): skipping another does
  // nothing, so a misspelt name is refused instead of silently running everything.
  const known = checks.map((c) => c.id);
  const unknown = [...skip].filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw new UsageError(
      `--skip ${opts.skip}: no check named ${unknown.map((id) => `"${id}"`).join(', ')} runs here; the checks ` +
        `are ${known.join(', ')}${opts.gpu ? '' : ' (add --gpu for the GPU checks)'}`,
    );
  }
  checks = checks.filter((c) => !skip.has(c.id));
  const started = Date.now();
  const outcomes: CheckOutcome[] = await runChecks(checks, { keep: (r) => kept.push(r) }, (o) => {
    const mark = o.ok === null ? 'SKIP' : o.ok ? 'PASS' : 'FAIL';
    process.stderr.write(`${mark} ${o.id}: ${o.title}\n     ${o.detail}\n`);
  });
  if (opts.resultsDir) {
    for (const r of kept) await writeResultFile(path.join(opts.resultsDir, `${r.plan.mode}.json`), r);
  }
  const failed = outcomes.filter((o) => o.ok === false);
  if (opts.out) {
    const report = { at: new Date().toISOString(), seconds: (Date.now() - started) / 1000, outcomes };
    await writeFileDurably(opts.out, `${JSON.stringify(report, null, 2)}\n`, { label: `--out ${opts.out}` });
  }
  process.stderr.write(`${outcomes.length - failed.length}/${outcomes.length} checks passed or skipped\n`);
  return failed.length > 0 ? EXIT.verifyFailed : EXIT.ok;
}
