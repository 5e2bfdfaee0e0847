/**
 * Finds and loads the native addon (`syncbench.node`), or says why it cannot be used. Search order:
 * `$SYNCBENCH_ADDON`, next to the running bundle (`<dir of the entry script>/syncbench.node`), the packaged app's
 * unpacked resources (`app.asar.unpacked/native/build/Release`), and the source tree's `native/build/Release`.
 * Loading never throws: a missing, broken or stale addon (built from other sources than this bundle, told by the
 * source hash both carry) is reported in `AddonStatus.reason`, and the rest of the product keeps working (replays,
 * reference data, the decision wizard, exports).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { HostText } from '../../contract';
import type { AddonStatus } from '../../model/measure/backend';
import { loadFailureReasonText, noAddonReasonText, staleAddonReasonText } from './addon-reasons';
import { nvccPresent } from './nvcc-present';
import type { NativeAddon } from '../../model/native/addon-types';

/** The addon sources' SHA-256, defined by scripts/bundle.mjs; absent in unbundled runs (tests, tsx). */
declare const __SYNCBENCH_SOURCE_HASH__: string | undefined;
const EXPECTED_SOURCE_HASH: string | null =
  typeof __SYNCBENCH_SOURCE_HASH__ === 'string' ? __SYNCBENCH_SOURCE_HASH__ : null;

export interface LoadedAddon {
  addon: NativeAddon | null;
  status: AddonStatus;
  /** The file that was loaded (or the last one tried). */
  path: string | null;
}

/** Candidate paths of the addon, most specific first. */
export function addonCandidates(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = process.argv[1] ? path.dirname(path.resolve(process.argv[1])) : here;
  const list = [
    process.env.SYNCBENCH_ADDON,
    path.join(entry, 'syncbench.node'),
    path.join(here, 'syncbench.node'),
    path.join(entry, '..', 'native', 'build', 'Release', 'syncbench.node'),
    path.join(here, '..', '..', 'native', 'build', 'Release', 'syncbench.node'),
    path.join(here, '..', '..', '..', 'native', 'build', 'Release', 'syncbench.node'),
    path.join(process.cwd(), 'native', 'build', 'Release', 'syncbench.node'),
  ].filter((p): p is string => typeof p === 'string' && p.length > 0);
  return [...new Set(list.map((p) => p.replace(`app.asar${path.sep}`, `app.asar.unpacked${path.sep}`)))];
}

let cached: LoadedAddon | null = null;

/** A coded reason as AddonStatus carries it: the English `reason` and its code (`reasonText`). */
const said = (r: { message: string; text: HostText }) => ({ reason: r.message, reasonText: r.text });

/** Loads the addon once per process (later calls return the same outcome). */
export function loadAddon(): LoadedAddon {
  if (cached) return cached;
  const places = addonCandidates();
  const found = places.find((p) => existsSync(p)) ?? null;
  if (!found) {
    cached = {
      addon: null,
      path: null,
      status: {
        loaded: false,
        ...said(noAddonReasonText(process.platform, { places, nvcc: nvccPresent() })),
        cudaRuntimeBuild: null,
        architectures: null,
      },
    };
    return cached;
  }
  try {
    const require = createRequire(import.meta.url);
    const addon = require(found) as NativeAddon;
    const stale = staleAddonReasonText(found, addon.sourceHash, EXPECTED_SOURCE_HASH);
    if (stale) {
      cached = {
        addon: null,
        path: found,
        status: { loaded: false, ...said(stale), cudaRuntimeBuild: null, architectures: null },
      };
      return cached;
    }
    const build = addon.cudaRuntimeBuild;
    cached = {
      addon,
      path: found,
      status: {
        loaded: true,
        reason: null,
        cudaRuntimeBuild: `${Math.floor(build / 1000)}.${Math.floor((build % 1000) / 10)}`,
        architectures: addon.cudaArchitectures,
      },
    };
  } catch (err) {
    cached = {
      addon: null,
      path: found,
      status: {
        loaded: false,
        ...said(loadFailureReasonText(found, (err as Error).message)),
        cudaRuntimeBuild: null,
        architectures: null,
      },
    };
  }
  return cached;
}
