// Builds the native addon (kernels/ + native/) with cmake-js when the CUDA compiler is present.
// Without nvcc it says so and exits 0: the rest of the product runs without the addon and explains why.
// SYNCBENCH_CUDA_ARCHITECTURES overrides the architectures (default: every one CUDA supports, plus PTX).
import { spawnSync } from 'node:child_process';

const nvcc = spawnSync('nvcc', ['--version'], { encoding: 'utf8' });
if (nvcc.status !== 0) {
  console.warn(
    'build:native: nvcc (the CUDA compiler) is not on the PATH; the addon is not built. ' +
      'The workbench still runs (replays, reference data, the decision wizard, exports) and says why it cannot measure.',
  );
  process.exit(0);
}
const args = ['cmake-js', 'compile', '-O', 'native/build', '--CDCMAKE_BUILD_TYPE=Release'];
if (process.env.SYNCBENCH_CUDA_ARCHITECTURES) {
  args.push(`--CDCMAKE_CUDA_ARCHITECTURES=${process.env.SYNCBENCH_CUDA_ARCHITECTURES}`);
}
const r = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(r.status ?? 1);
