// glibc_compat.cc — keeps the addon's glibc floor at 2.34 with libstdc++ linked in statically (native/CMakeLists.txt).
// GCC 12's libstdc++.a brings std::random_device (pulled in by its copy-on-write string instantiations, which the
// CUDA runtime uses), and that calls arc4random, new in glibc 2.36. This hidden definition satisfies the reference
// inside the addon only (it is not exported, so nothing else in the process sees it), using getrandom(2) (glibc
// 2.25). Sync Workbench never asks for random_device; this exists for the link. Linux only.
#if defined(__linux__)
#include <sys/random.h>

#include <cstddef>
#include <cstdint>

extern "C" __attribute__((visibility("hidden"))) uint32_t arc4random(void) {
  uint32_t value = 0;
  std::size_t got = 0;
  while (got < sizeof value) {
    ssize_t n = getrandom(reinterpret_cast<char *>(&value) + got, sizeof value - got, 0);
    if (n > 0) got += static_cast<std::size_t>(n);
  }
  return value;
}
#endif
