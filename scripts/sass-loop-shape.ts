/**
 * The shape of each named kernel's global-to-shared copy in a SASS dump (`cuobjdump --dump-sass`, as
 * scripts/gpu-session.sh writes it, gzipped or not): its LDG and STS instructions in program order, run-length
 * coded (L7 = seven LDGs in a row, S2 = two STSs), with B for a barrier (BAR.*) and J for a branch. Two kernels
 * with the same shape issue the same copy code; used to compare the producer's copy loop of the pipeline kernels
 * (docs/results/H200.md).
 *
 *   npx tsx scripts/sass-loop-shape.ts docs/results/h200-2026-12-01d/sass-sm90.txt.gz copy_ldst pipe_named
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** One letter per instruction of interest, in program order. */
function letters(body: string): string {
  let out = '';
  for (const line of body.split('\n')) {
    const m = /^\s*\/\*[0-9a-f]{4,}\*\/\s+(.*?);/.exec(line);
    if (!m) continue;
    const op = m[1]!;
    if (op.includes('LDG')) out += 'L';
    else if (op.includes('STS')) out += 'S';
    else if (/\bBAR\b|BAR\./.test(op)) out += 'B';
    else if (op.includes('BRA')) out += 'J';
  }
  return out;
}

/** `letters` run-length coded for the loads and stores ("L7 S2 ..."). */
export function loopShape(body: string): string {
  return letters(body).replace(/L+|S+/g, (run) => `${run[0]}${run.length} `);
}

function main(): void {
  const [file, ...names] = process.argv.slice(2);
  if (!file || names.length === 0) {
    console.error('usage: tsx scripts/sass-loop-shape.ts SASS_DUMP[.gz] KERNEL_NAME_PART...');
    process.exit(2);
  }
  const raw = readFileSync(file);
  const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  for (const fn of text.split(/\n\s*Function : /).slice(1)) {
    const name = fn.slice(0, fn.indexOf('\n')).trim();
    if (names.some((n) => name.includes(n))) console.log(`${name}\n  ${loopShape(fn)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
