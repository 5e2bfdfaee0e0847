/**
 * A fake Nsight Compute for tests: a shell script named `ncu` that answers --version (FAKE_NCU_VERSION), answers
 * --import with the committed H200 exports of block_reduce, records its arguments (FAKE_NCU_ARGS, FAKE_NCU_IMPORTS)
 * and plays the refusal FAKE_NCU_MODE names (ok, perm, fail, missing, nokernels, hang).
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { fixturePath } from './fixtures';

const SCRIPT = `#!/bin/sh
mode=\${FAKE_NCU_MODE:-ok}
case "$1" in
  --version) echo "NVIDIA (R) Nsight Compute Command Line Profiler"; echo "Version \${FAKE_NCU_VERSION:-2025.3.1.0} (build 1)"; exit 0 ;;
  --import)
    echo "$@" >> "$FAKE_NCU_IMPORTS"
    case "$*" in
      *"--metrics"*) exec cat "${fixturePath('block_reduce', 'opcodes')}" ;;
      *"--page raw"*) exec cat "${fixturePath('block_reduce', 'raw')}" ;;
      *"--page source"*) exec cat "${fixturePath('block_reduce', 'source_cuda_sass')}" ;;
    esac; exit 1 ;;
esac
echo "$@" > "$FAKE_NCU_ARGS"
case $mode in
  ok) echo "==PROF== Connected to process 1"; echo "reduce: PASS"; exit 0 ;;
  perm) echo "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters"; exit 1 ;;
  fail) echo "block_reduce syncthreads: FAIL (1 of 264 block sums wrong)"; echo "==ERROR== The application returned an error code (1)."; exit 1 ;;
  missing) echo "==ERROR== 'x' does not exist or is not an executable."; exit 1 ;;
  nokernels) echo "==WARNING== No kernels were profiled."; echo "Available Kernels:"; echo "1. warp_reverse"; exit 0 ;;
  hang) sleep 30 ;;
esac
`;

/** Writes the fake as `<bin>/ncu` (the folder is created) and returns its path. */
export function installFakeNcu(bin: string): string {
  mkdirSync(bin, { recursive: true });
  const file = path.join(bin, 'ncu');
  writeFileSync(file, SCRIPT);
  chmodSync(file, 0o755);
  return file;
}
