// What `npm run build:native` does, decided without doing it (scripts/build-native.mjs carries it out):
//   nvcc found  -> cmake-js configure (every time, so a new source hash or architecture list takes effect; `cmake-js
//                  compile` would keep an existing cache's values), then build, with nvcc's folder first on PATH
//   no nvcc     -> nothing is built, and an addon left from other sources (or from before the source hash) is
//                  removed, since it would otherwise be shipped stale
import path from 'node:path';

/**
 * @param {{ found: { nvcc: string | null, from?: string, searched?: string[] }, sourceHash: string,
 *   addonHash: string | null | undefined, env: NodeJS.ProcessEnv, addonPath: string, platform?: NodeJS.Platform }} o
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
  if (o.env.SYNCBENCH_CUDA_ARCHITECTURES) {
    defines.push(`--CDCMAKE_CUDA_ARCHITECTURES=${o.env.SYNCBENCH_CUDA_ARCHITECTURES}`);
  }
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
    messages: [`build:native: using ${nvcc} (found via ${o.found.from})`],
  };
}
