// Formats or checks the C++/CUDA sources with clang-format and the repository's .clang-format
// (`node scripts/clang-format.mjs --check|--write`). The binary comes from the npm package clang-format, so every
// machine that ran `npm ci` has the same version. --check exits 1 and names each file that is not formatted.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The folders whose C++/CUDA files are formatted, and the extensions that count. */
const FOLDERS = ['kernels', 'native/src', 'examples/profile'];
const EXTENSIONS = ['.cc', '.h', '.cu', '.cuh'];

const mode = process.argv[2];
if (mode !== '--check' && mode !== '--write') {
  console.error(`clang-format.mjs: give --check or --write, not ${mode ?? 'nothing'}`);
  process.exit(2);
}
const files = FOLDERS.flatMap((dir) =>
  readdirSync(path.join(root, dir))
    .filter((f) => EXTENSIONS.includes(path.extname(f)))
    .map((f) => path.join(dir, f)),
).sort();
const binary = createRequire(import.meta.url)('clang-format').getNativeBinary();
const args = mode === '--check' ? ['--dry-run', '--Werror'] : ['-i'];
const r = spawnSync(binary, ['--style=file', ...args, ...files], { cwd: root, encoding: 'utf8' });
if (r.error) {
  console.error(`clang-format.mjs: cannot run ${binary}: ${r.error.message}`);
  process.exit(1);
}
if (r.status !== 0) {
  const bad = [...new Set([...(r.stderr ?? '').matchAll(/^(\S+?):\d+:\d+: error/gm)].map((m) => m[1]))];
  process.stderr.write(r.stderr ?? '');
  if (bad.length > 0) console.error(`Not formatted (npm run format:cpp fixes it): ${bad.join(', ')}`);
  process.exit(1);
}
if (mode === '--check') console.log(`clang-format: ${files.length} files formatted.`);
