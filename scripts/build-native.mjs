// Builds the native addon (kernels/ + native/) with cmake-js when the CUDA compiler is present.
//   nvcc is looked for on PATH, in $CUDA_PATH/bin, $CUDA_HOME/bin and /usr/local/cuda/bin (scripts/find-nvcc.mjs).
//   The addon carries the SHA-256 of the sources it was built from (scripts/native-sources.mjs); the bundles refuse
//   an addon built from other sources. Without nvcc an addon left from an earlier build of other sources is removed
//   (it would be shipped stale), the script says what it looked for, and exits 0: the rest of the product runs
//   without the addon and explains why.
// SYNCBENCH_CUDA_ARCHITECTURES overrides the architectures (default: every one CUDA supports, plus PTX).
// cmake-js runs as `node <cmake-js bin>`, never through npx, so no shell is needed (Windows has only npx.cmd).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { findNvcc } from './find-nvcc.mjs';
import { addonSourceHash, nativeSourceHash } from './native-sources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADDON = path.join(root, 'native', 'build', 'Release', 'syncbench.node');
const sourceHash = nativeSourceHash(root);
const found = findNvcc();

if (!found.nvcc) {
  if (existsSync(ADDON) && addonSourceHash(ADDON) !== sourceHash) {
    rmSync(ADDON);
    console.warn(
      `build:native: removed ${path.relative(root, ADDON)}: it was built from other sources than this tree ` +
        'and cannot be rebuilt here.',
    );
  }
  console.warn(
    `build:native: nvcc (the CUDA compiler) was not found (looked in: ${found.searched.join(', ')}); the addon is ` +
      'not built. Put nvcc on the PATH or set CUDA_PATH/CUDA_HOME to the toolkit. The workbench still runs ' +
      '(replays, reference data, the decision wizard, exports) and says why it cannot measure.',
  );
  process.exit(0);
}

console.log(`build:native: using ${found.nvcc} (found via ${found.from})`);
const cmakeJs = createRequire(import.meta.url).resolve('cmake-js/bin/cmake-js');
// Configured every time (cheap with a cache), so a new source hash or architecture list always takes effect;
// `cmake-js compile` would keep an existing cache's values.
const defines = [
  '--CDCMAKE_BUILD_TYPE=Release',
  `--CDCMAKE_CUDA_COMPILER=${found.nvcc}`,
  `--CDSYNCBENCH_SOURCE_HASH=${sourceHash}`,
];
if (process.env.SYNCBENCH_CUDA_ARCHITECTURES) {
  defines.push(`--CDCMAKE_CUDA_ARCHITECTURES=${process.env.SYNCBENCH_CUDA_ARCHITECTURES}`);
}
const bin = path.dirname(found.nvcc);
const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`, CUDACXX: found.nvcc };
for (const step of [['configure', ...defines], ['build']]) {
  const r = spawnSync(process.execPath, [cmakeJs, ...step, '-O', 'native/build'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (addonSourceHash(ADDON) !== sourceHash) {
  console.error(
    `build:native: ${path.relative(root, ADDON)} does not carry this tree's source hash ${sourceHash}.`,
  );
  process.exit(1);
}
