// What `npm run build:native` does, decided without doing it (scripts/build-native.mjs carries it out):
//   nvcc found  -> cmake-js configure (every time, so a new source hash or architecture list takes effect; `cmake-js
//                  compile` would keep an existing cache's values), then build, with nvcc's folder first on PATH
//   no nvcc     -> nothing is built, and an addon left from other sources (or from before the source hash) is
//                  removed, since it would otherwise be shipped stale
// Which architectures: SYNCBENCH_CUDA_ARCHITECTURES when set (`all` for every one); every one for packaging
// (`--all-architectures`) and CI's compile checks (CI=true); else the compute capability of each GPU of this
// machine (CMake's `90` is sm_90 machine code plus compute_90 PTX, which newer GPUs JIT-compile); every one when
// the machine has no GPU to ask. The choice is always passed to CMake, so a cached one never outlives its reason.
import path from 'node:path';

/** The one architecture built where no GPU is found: Hopper, the newest family whose own kernels the modes hold. */
const NO_GPU_ARCHITECTURE = '90';

/**
 * The CMAKE_CUDA_ARCHITECTURES value and the line that says why.
 * @param {{ env: NodeJS.ProcessEnv, allArchitectures?: boolean, gpuComputeCaps?: string[] }} o
 *   gpuComputeCaps: nvidia-smi's `compute_cap` of each GPU ("9.0"); empty or absent when there is none.
 * @returns {{ architectures: string, message: string }}
 */
export function chooseArchitectures(o) {
  if (o.env.SYNCBENCH_CUDA_ARCHITECTURES) {
    const a = o.env.SYNCBENCH_CUDA_ARCHITECTURES;
    return { architectures: a, message: `build:native: architectures ${a} (SYNCBENCH_CUDA_ARCHITECTURES)` };
  }
  if (o.allArchitectures || o.env.CI === 'true') {
    const why = o.allArchitectures ? 'for packaging' : 'CI=true';
    return {
      architectures: 'all',
      message: `build:native: every architecture CUDA supports, plus PTX (${why}); this takes several minutes`,
    };
  }
  const ccs = [...new Set((o.gpuComputeCaps ?? []).map((c) => c.trim()).filter((c) => /^\d+\.\d+$/.test(c)))];
  if (ccs.length === 0) {
    // An addon only runs on a GPU: without one, a single architecture checks that the kernels compile, in a
    // fraction of the time of all of them (one is one CUDA pass per source; all is about twenty).
    return {
      architectures: NO_GPU_ARCHITECTURE,
      message:
        `build:native: no GPU was found, so sm_${NO_GPU_ARCHITECTURE} plus PTX only (the kernels compile; nothing ` +
        'can run here); on a machine with a GPU this builds for it; SYNCBENCH_CUDA_ARCHITECTURES=all builds ' +
        'every architecture',
    };
  }
  const archs = ccs.map((c) => c.replace('.', ''));
  return {
    architectures: archs.join(';'),
    message:
      `build:native: for this machine's GPU (compute capability ${ccs.join(', ')}: ` +
      `${archs.map((a) => `sm_${a}`).join(', ')} plus PTX for newer GPUs); ` +
      'SYNCBENCH_CUDA_ARCHITECTURES=all builds every architecture',
  };
}

/**
 * @param {{ found: { nvcc: string | null, from?: string, searched?: string[] }, sourceHash: string,
 *   addonHash: string | null | undefined, env: NodeJS.ProcessEnv, addonPath: string, platform?: NodeJS.Platform,
 *   allArchitectures?: boolean, gpuComputeCaps?: string[] }} o
 *   addonHash: the existing addon's stamped hash; null: it has none; undefined: there is no addon file.
 * @returns {{ kind: 'skip', removeStale: boolean, messages: string[] }
 *   | { kind: 'build', nvcc: string, steps: string[][], env: NodeJS.ProcessEnv, messages: string[] }}
 */
export function planNativeBuild(o) {
  if (!o.found.nvcc) {
    const removeStale = o.addonHash !== undefined && o.addonHash !== o.sourceHash;
    const messages = [];
    if (removeStale) {
      messages.push(
        `build:native: removed ${o.addonPath}: it was built from other sources than this tree and cannot be ` +
          'rebuilt here.',
      );
    }
    messages.push(
      `build:native: nvcc (the CUDA compiler) was not found (looked in: ${(o.found.searched ?? []).join(', ')}); ` +
        'the addon is not built. Put nvcc on the PATH or set CUDA_PATH/CUDA_HOME to the toolkit. The workbench ' +
        'still runs (replays, reference data, the decision wizard, exports) and says why it cannot measure.',
    );
    return { kind: 'skip', removeStale, messages };
  }
  const nvcc = o.found.nvcc;
  const defines = [
    '--CDCMAKE_BUILD_TYPE=Release',
    `--CDCMAKE_CUDA_COMPILER=${nvcc}`,
    `--CDSYNCBENCH_SOURCE_HASH=${o.sourceHash}`,
  ];
  const arch = chooseArchitectures(o);
  defines.push(`--CDCMAKE_CUDA_ARCHITECTURES=${arch.architectures}`);
  const out = ['-O', 'native/build'];
  const p = (o.platform ?? process.platform) === 'win32' ? path.win32 : path.posix;
  // Windows spells it Path; the child gets the variable under the name it already has.
  const pathKey = Object.keys(o.env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  const dir = p.dirname(nvcc);
  const searchPath = o.env[pathKey] ? `${dir}${p.delimiter}${o.env[pathKey]}` : dir;
  return {
    kind: 'build',
    nvcc,
    steps: [
      ['configure', ...defines, ...out],
      ['build', ...out],
    ],
    env: { ...o.env, [pathKey]: searchPath, CUDACXX: nvcc },
    messages: [`build:native: using ${nvcc} (found via ${o.found.from})`, arch.message],
  };
}
