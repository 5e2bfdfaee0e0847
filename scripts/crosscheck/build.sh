#!/usr/bin/env bash
# Builds the two public suites Sync Workbench is checked against, from checkouts you supply, for one GPU
# architecture (default sm_90), into OUT_DIR. None of their code is in this repository (docs/results/crosscheck.md).
#   SyncPerformance    (Burtchell & Burtscher, IISWC'24; BSD-3-Clause): github.com/burtscher/SyncPerformance
#   SyncMicrobenchmark (Zhang et al., IPDPS'20; no license file):      github.com/neozhang307/SyncMicrobenchmark
# Usage: scripts/crosscheck/build.sh SYNCPERFORMANCE_DIR SYNCMICROBENCHMARK_DIR OUT_DIR [ARCH]
# SyncMicrobenchmark needs two changes for CUDA 13, made without editing its files: cuda13-compat.h (beside this
# script) is force-included with `nvcc -include` and stands in for the multi-device cooperative launch API CUDA 13
# removed, and a -D macro renames the removed cudaDeviceProp field it reads. Its Makefile targets sm_60, which CUDA 13 no longer builds, so the objects are compiled here with ARCH.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sp=${1:?usage: build.sh SYNCPERFORMANCE_DIR SYNCMICROBENCHMARK_DIR OUT_DIR [ARCH]}
smb=${2:?usage: build.sh SYNCPERFORMANCE_DIR SYNCMICROBENCHMARK_DIR OUT_DIR [ARCH]}
out=${3:?usage: build.sh SYNCPERFORMANCE_DIR SYNCMICROBENCHMARK_DIR OUT_DIR [ARCH]}
arch=${4:-sm_90}
for f in "$sp/codes/cuda/cuda_syncthreads.cu" "$smb/Explicit_Barrier/Explicit_Barrier_InterSM.cu"; do
  [ -f "$f" ] || { echo "build.sh: $f not found: is that a checkout of the suite?" >&2; exit 2; }
done
command -v nvcc >/dev/null || { echo "build.sh: nvcc (CUDA 13) is not on the PATH" >&2; exit 3; }
mkdir -p "$out"
out=$(cd "$out" && pwd)

# SyncPerformance: the codes the product has a counterpart for, built as its build.py does (-O3 -arch -Iinclude).
for code in cuda_syncthreads cuda_syncwarp cuda_threadfence_block_array cuda_threadfence_array \
  cuda_threadfence_system_array; do
  nvcc "$sp/codes/cuda/$code.cu" -O3 -arch="$arch" -I"$sp/include" -o "$out/$code" &
done

# SyncMicrobenchmark: the explicit-barrier benchmarks (grid.sync latency across SMs, block sync inside one SM).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r "$smb/share" "$smb/Explicit_Barrier" "$tmp/"
# CUDA 13 also dropped cudaDeviceProp::cooperativeMultiDeviceLaunch, read by the suite's multi-GPU device filter:
# the macro points that read at cooperativeLaunch (single-GPU rows are all this script builds for).
nv=(nvcc -O3 -arch="$arch" -include "$here/cuda13-compat.h" -DcooperativeMultiDeviceLaunch=cooperativeLaunch
  -Xcompiler -fopenmp)
(
  cd "$tmp/Explicit_Barrier"
  "${nv[@]}" -x c++ -c -o ../share/util.o ../share/util.cpp
  for f in ../share/measurement Explicit_Barrier_Kernel Explicit_Barrier_BigKernel Explicit_Barrier_InterSM \
    Explicit_Barrier_IntraSM; do
    "${nv[@]}" -x cu -dc -o "$f.o" "$f.cu" &
  done
  wait
  "${nv[@]}" -o "$out/BenchmarkInterSM" Explicit_Barrier_InterSM.o Explicit_Barrier_BigKernel.o \
    Explicit_Barrier_Kernel.o ../share/measurement.o ../share/util.o -lgomp
  "${nv[@]}" -o "$out/BenchmarkIntraSM" Explicit_Barrier_IntraSM.o Explicit_Barrier_BigKernel.o \
    Explicit_Barrier_Kernel.o ../share/measurement.o ../share/util.o -lgomp
)
wait
for sp_commit in "$sp" "$smb"; do
  git -C "$sp_commit" rev-parse HEAD 2>/dev/null || echo "unknown (not a git checkout)"
done > "$out/suite-commits.txt"
ls -la "$out"
