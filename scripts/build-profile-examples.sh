#!/usr/bin/env bash
# Builds the example programs of examples/profile/ (examples/profile/README.md) with nvcc and -lineinfo, so that
# Nsight Compute can attribute stalls to source lines. One binary per .cu file in examples/profile/build/.
# Architectures: SYNCBENCH_CUDA_ARCHITECTURES as CMake writes them ("90", "90;100", "90a"; default 90); an example
# that needs a newer GPU than one of them (cluster_sync needs sm_90) is skipped with a message.
# Usage: bash scripts/build-profile-examples.sh [NAME...]   (NAME: an example's file name without .cu; default all)
# Exits 0 when every chosen example built, 1 when one failed, 2 on a bad architecture list or missing nvcc.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
SRC=examples/profile
BUILD=$SRC/build
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
  for c in /usr/local/cuda/bin/nvcc /usr/local/cuda-*/bin/nvcc; do [ -x "$c" ] && NVCC=$c && break; done
fi
if ! command -v "$NVCC" >/dev/null 2>&1; then
  echo "build-profile-examples: nvcc not found (set NVCC=/path/to/nvcc or put the CUDA toolkit's bin on PATH)" >&2
  exit 2
fi
# The lowest architecture each example needs (the others run from sm_70 on).
min_arch() { case $1 in cluster_sync) echo 90 ;; *) echo 70 ;; esac; }

gencode=()
lowest=9999
IFS=' ;,' read -r -a archs <<<"${SYNCBENCH_CUDA_ARCHITECTURES:-90}"
for a in "${archs[@]}"; do
  [ -z "$a" ] && continue
  a=${a%-real}
  a=${a%-virtual}
  a=${a#sm_}
  if ! [[ $a =~ ^([0-9]{2,3})([af]?)$ ]]; then
    echo "build-profile-examples: '$a' in SYNCBENCH_CUDA_ARCHITECTURES is not an architecture (allowed: 90, 90a, 100, ... separated by ';')" >&2
    exit 2
  fi
  gencode+=("-gencode=arch=compute_$a,code=sm_$a")
  ((BASH_REMATCH[1] < lowest)) && lowest=${BASH_REMATCH[1]}
done
if [ ${#gencode[@]} -eq 0 ]; then
  echo "build-profile-examples: SYNCBENCH_CUDA_ARCHITECTURES names no architecture" >&2
  exit 2
fi

names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in "$SRC"/*.cu; do names+=("$(basename "$f" .cu)"); done
fi
mkdir -p "$BUILD"
status=0
for name in "${names[@]}"; do
  if [ ! -f "$SRC/$name.cu" ]; then
    echo "build-profile-examples: no example '$name' (allowed: $(for f in "$SRC"/*.cu; do basename "$f" .cu; done | tr '\n' ' '))" >&2
    status=1
    continue
  fi
  need=$(min_arch "$name")
  if ((lowest < need)); then
    echo "skip $name: needs sm_$need, and the architectures include sm_$lowest"
    continue
  fi
  if "$NVCC" -std=c++17 -O3 -lineinfo "${gencode[@]}" -o "$BUILD/$name" "$SRC/$name.cu"; then
    echo "built $BUILD/$name"
  else
    echo "build-profile-examples: $name failed to build" >&2
    status=1
  fi
done
exit $status
