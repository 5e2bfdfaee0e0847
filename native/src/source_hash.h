// source_hash.h — the SHA-256 of the sources this addon was built from (scripts/native-sources.mjs computes it,
// scripts/build-native.mjs passes it as SYNCBENCH_SOURCE_HASH). The app refuses an addon whose hash is not its own.
#pragma once

namespace sb {

// 64 lowercase hex digits, or "unknown" when the build did not pass a hash.
const char *SourceHash();

}  // namespace sb
