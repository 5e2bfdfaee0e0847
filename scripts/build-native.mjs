// Builds the native addon (kernels/ + native/) with cmake-js when the CUDA compiler is present.
//   nvcc is looked for on PATH, in $CUDA_PATH/bin, $CUDA_HOME/bin and /usr/local/cuda/bin (scripts/find-nvcc.mjs).
//   The addon carries the SHA-256 of the sources it was built from (scripts/native-sources.mjs); the bundles refuse
//   an addon built from other sources. Without nvcc an addon left from other sources is removed (it would be
//   shipped stale), the script says what it looked for, and exits 0: the rest of the product runs without the
//   addon and explains why. What is done is decided by scripts/native-build-plan.mjs.
// Architectures: this machine's GPUs (nvidia-smi), every one with `--all-architectures` (packaging) or CI=true, or
// SYNCBENCH_CUDA_ARCHITECTURES (scripts/native-build-plan.mjs decides).
// cmake-js runs as `node <cmake-js bin>`, never through npx, so no shell is needed (Windows has only npx.cmd).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { findNvcc } from './find-nvcc.mjs';
import { gpuComputeCaps } from './gpu-compute-caps.mjs';
import { planNativeBuild } from './native-build-plan.mjs';
import { addonSourceHash, nativeSourceHash } from './native-sources.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADDON = path.join(root, 'native', 'build', 'Release', 'syncbench.node');
const sourceHash = nativeSourceHash(root);
const plan = planNativeBuild({
  found: findNvcc(),
  sourceHash,
  addonHash: existsSync(ADDON) ? addonSourceHash(ADDON) : undefined,
  env: process.env,
  addonPath: path.relative(root, ADDON),
  allArchitectures: process.argv.includes('--all-architectures'),
  gpuComputeCaps: process.env.SYNCBENCH_CUDA_ARCHITECTURES ? [] : gpuComputeCaps(),
});

if (plan.kind === 'skip') {
  if (plan.removeStale) rmSync(ADDON);
  for (const message of plan.messages) console.warn(message);
  process.exit(0);
}

for (const message of plan.messages) console.log(message);
const cmakeJs = createRequire(import.meta.url).resolve('cmake-js/bin/cmake-js');
for (const step of plan.steps) {
  const r = spawnSync(process.execPath, [cmakeJs, ...step], { cwd: root, stdio: 'inherit', env: plan.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (addonSourceHash(ADDON) !== sourceHash) {
  console.error(
    `build:native: ${path.relative(root, ADDON)} does not carry this tree's source hash ${sourceHash}.`,
  );
  process.exit(1);
}
