/**
 * Why the native addon cannot be used, in words for a person: the file missing (and nvcc, when it is), built for
 * other sources (stale), or not loadable on this system (glibc too old, no CUDA on macOS). Pure functions, so
 * load-addon.ts stays one job.
 */
import type { HostText } from '../../contract';
import { hostText, word } from '../../model/words/host-text';

/**
 * The oldest glibc the addon runs on, as built on Debian 12 (its newest versioned glibc symbols are GLIBC_2.34;
 * libstdc++ is linked in statically, see native/CMakeLists.txt). Ubuntu 22.04, RHEL 9 and Debian 12 or newer
 * have it; Ubuntu 20.04 (2.31) and RHEL 8 (2.28) do not — build the addon on such a host instead.
 */
export const ADDON_GLIBC_FLOOR = '2.34';

/** A reason for a person with its code (the contract's HostText), so the UI can word it in its language. */
export interface AddonReason {
  message: string;
  text: HostText;
}

const glibcNote = () => word('addon.glibc', { floor: ADDON_GLIBC_FLOOR });

/** What was looked for when no addon file was found: the addon's candidate paths, and whether nvcc is here. */
export interface AddonSearch {
  places: string[];
  nvcc: boolean;
}

/**
 * The reason when no addon file was found: the file is missing (where it was looked for) and how to build it;
 * nvcc is named only when it is missing too (nvcc-present.ts). On macOS: that it has no CUDA.
 */
export function noAddonReasonText(platform: NodeJS.Platform, search: AddonSearch): AddonReason {
  if (platform === 'darwin') return hostText('addon.macos');
  const fix = word(search.nvcc ? 'addon.buildIt' : 'addon.noNvcc');
  const missing = word('addon.missing', { places: search.places, fix });
  return platform === 'linux'
    ? hostText('addon.withNote', { reason: missing, note: glibcNote() })
    : hostText(missing.code, missing.params);
}

/** noAddonReasonText's message. */
export function noAddonReason(platform: NodeJS.Platform, search: AddonSearch): string {
  return noAddonReasonText(platform, search).message;
}

/** The reason when `file` exists but could not be loaded (dlopen's `message`, kept as it is). */
export function loadFailureReasonText(
  file: string,
  message: string,
  platform: NodeJS.Platform = process.platform,
): AddonReason {
  let reason: HostText = word('addon.loadFailed', { file, message: { en: message } });
  if (/GLIBC(XX)?_\d/.test(message)) reason = word('addon.oldGlibc', { reason, note: glibcNote() });
  if (platform === 'darwin') reason = word('addon.withNote', { reason, note: word('addon.macos') });
  return hostText(reason.code, reason.params);
}

/** loadFailureReasonText's message. */
export function loadFailureReason(
  file: string,
  message: string,
  platform: NodeJS.Platform = process.platform,
): string {
  return loadFailureReasonText(file, message, platform).message;
}

/**
 * The reason to refuse an addon built from other sources than this app (a stale build), or null when it matches.
 * `expected` is the app's own source hash (null: unknown, as in unbundled test runs: nothing is refused).
 */
export function staleAddonReasonText(
  file: string,
  addonHash: string | undefined,
  expected: string | null,
): AddonReason | null {
  if (!expected || addonHash === expected) return null;
  const built =
    addonHash && addonHash !== 'unknown'
      ? word('addon.sources', { hash: addonHash.slice(0, 12) })
      : word('addon.unknownSources');
  return hostText('addon.stale', { file, built, expected: expected.slice(0, 12) });
}

/** staleAddonReasonText's message. */
export function staleAddonReason(
  file: string,
  addonHash: string | undefined,
  expected: string | null,
): string | null {
  return staleAddonReasonText(file, addonHash, expected)?.message ?? null;
}
