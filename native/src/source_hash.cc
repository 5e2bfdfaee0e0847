// source_hash.cc — the only file compiled with SYNCBENCH_SOURCE_HASH, so a new hash recompiles only this file.
// The marker before the hash lets scripts/native-sources.mjs read it from the file without loading the addon.
#include "source_hash.h"

#ifndef SYNCBENCH_SOURCE_HASH
#define SYNCBENCH_SOURCE_HASH "unknown"
#endif

namespace sb {

namespace {
// Kept whole in the binary (it is returned below), marker and hash adjacent.
const char kMarked[] = "syncbench-source-sha256:" SYNCBENCH_SOURCE_HASH;
constexpr unsigned kMarkerLength = sizeof("syncbench-source-sha256:") - 1;
}  // namespace

const char *SourceHash() { return kMarked + kMarkerLength; }

}  // namespace sb
