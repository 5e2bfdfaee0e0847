/** `syncbench selftest [--gpu]`: runs the checks, prints one line per check, optionally writes a JSON report. */
import path from 'node:path';

import writeFileAtomic from 'write-file-atomic';

import type { MeasureBackend } from '../core/measure/backend';
import { PlanError } from '../core/measure/plan-error';
import { writeResultFile } from '../core/results/io';
import type { ResultFile } from '../core/results/schema';
import { runChecks, type CheckOutcome } from '../core/verify/checks';
import { gpuChecks, hostChecks } from '../core/verify';
import type { SanitizerHost } from '../core/verify/sanitizer';
import { EXIT } from './exit-codes';
import { thisCli } from './this-cli';

/** Returns 0 when every check passed or was skipped, 5 when one failed, 3 when --gpu found no GPU. */
export async function selftestCommand(
  backend: MeasureBackend,
  opts: { gpu?: boolean; out?: string; resultsDir?: string; skip?: string; self?: SanitizerHost },
): Promise<number> {
  const kept: ResultFile[] = [];
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
    await writeFileAtomic(opts.out, `${JSON.stringify(report, null, 2)}\n`);
  }
  process.stderr.write(`${outcomes.length - failed.length}/${outcomes.length} checks passed or skipped\n`);
  return failed.length > 0 ? EXIT.verifyFailed : EXIT.ok;
}
