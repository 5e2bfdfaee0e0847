/**
 * Why the native addon cannot be used, in words for a person: not built, built for other sources (stale), or not
 * loadable on this system (glibc too old, no CUDA on macOS). Pure functions, so load-addon.ts stays one job.
 */

/**
 * The oldest glibc the addon runs on, as built on Debian 12 (its newest versioned glibc symbols are GLIBC_2.34;
 * libstdc++ is linked in statically, see native/CMakeLists.txt). Ubuntu 22.04, RHEL 9 and Debian 12 or newer
 * have it; Ubuntu 20.04 (2.31) and RHEL 8 (2.28) do not — build the addon on such a host instead.
 */
export const ADDON_GLIBC_FLOOR = '2.34';

const GLIBC_NOTE =
  `On Linux the addon needs glibc ${ADDON_GLIBC_FLOOR} or newer as shipped (Ubuntu 22.04, RHEL 9, Debian 12 ` +
  'or later); on an older system build it there with `npm run build:native`.';

const MACOS_NOTE =
  'macOS has no CUDA: on a Mac, Sync Workbench opens replays, reports and the decision wizard, and measures nothing.';

/** The reason when no addon file was found. */
export function noAddonReason(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return MACOS_NOTE;
  return (
    'The native addon (syncbench.node) was not built: the CUDA compiler (nvcc) was missing when the app was ' +
    'built, so this installation cannot measure. Build it with `npm run build:native` on a machine with the ' +
    `CUDA toolkit, or set SYNCBENCH_ADDON to its path. ${platform === 'linux' ? GLIBC_NOTE : ''}`
  ).trim();
}

/** The reason when `file` exists but could not be loaded (dlopen's `message`). */
export function loadFailureReason(
  file: string,
  message: string,
  platform: NodeJS.Platform = process.platform,
): string {
  const glibc = /GLIBC(XX)?_\d/.test(message) ? ` This system's C library is too old. ${GLIBC_NOTE}` : '';
  const mac = platform === 'darwin' ? ` ${MACOS_NOTE}` : '';
  return `The native addon at ${file} could not be loaded: ${message}${glibc}${mac}`;
}

/**
 * The reason to refuse an addon built from other sources than this app (a stale build), or null when it matches.
 * `expected` is the app's own source hash (null: unknown, as in unbundled test runs: nothing is refused).
 */
export function staleAddonReason(
  file: string,
  addonHash: string | undefined,
  expected: string | null,
): string | null {
  if (!expected || addonHash === expected) return null;
  const built =
    addonHash && addonHash !== 'unknown' ? `sources ${addonHash.slice(0, 12)}…` : 'unknown sources';
  return (
    `The native addon at ${file} is stale: it was built from ${built}, this app from ${expected.slice(0, 12)}…. ` +
    'It is not used. Rebuild it with `npm run build:native`.'
  );
}
