/**
 * A profile file from ncu's exported pages (the raw page with metric instances, and optionally the cuda,sass
 * source page), the run's facts and the price rows; pure, so the same code reads committed fixtures in tests and
 * a fresh report on a GPU host. docs/profile.md.
 */
import { groupByKernel, kernelProfile } from './kernels';
import { NcuParseError } from './ncu-error';
import type { PriceRow } from './pricing';
import { parseRawPage } from './raw-page';
import { PROFILE_FORMAT, PROFILE_VERSION, validateProfile, type ProfileFile } from './schema';
import { parseSourcePage } from './source-page';
import { GRID_SYNC_NOTE, WARP_SYNC_NOTE } from './sync-kinds';

export interface ProfileFacts {
  id: string;
  name: string;
  createdAt: string;
  program: ProfileFile['program'];
  ncu: ProfileFile['ncu'];
  options: ProfileFile['options'];
  appVersion: string;
}

/** ncu's pages as CSV rows (core/profile/ncu-csv.ts pagesFromCsv). */
export interface NcuPages {
  raw: readonly string[][];
  /** `--page source --print-source cuda,sass`; null: not exported. */
  source: readonly string[][] | null;
}

/** @throws NcuParseError when a page is not ncu's CSV or has no launch; ProfileFileError on an invalid result. */
export function buildProfile(
  pages: NcuPages,
  facts: ProfileFacts,
  priceRows: readonly PriceRow[],
): ProfileFile {
  const records = parseRawPage(pages.raw);
  const firstRecord = records[0];
  if (!firstRecord) throw new NcuParseError('the raw page has no kernel launch');
  const source = pages.source === null ? null : parseSourcePage(pages.source);
  const kernels = [...groupByKernel(records).values()].map((launches) =>
    kernelProfile(launches, source, priceRows),
  );
  const notes = [GRID_SYNC_NOTE, WARP_SYNC_NOTE];
  if (kernels.some((k) => k.syncCounts === null)) {
    notes.push('no instruction mix: the raw page was exported without --print-metric-instances details');
  }
  if (!source || source.lines.length === 0) {
    notes.push('no source lines: build the program with -lineinfo (nvcc -lineinfo) to see stalls per line');
  }
  if (kernels.some((k) => k.stalls.some((s) => s.source === 'pc-samples'))) {
    notes.push('some stall shares come from PC samples (the .pct metrics were not collected)');
  }
  return validateProfile({
    format: PROFILE_FORMAT,
    version: PROFILE_VERSION,
    ...facts,
    device: { name: firstRecord.deviceName, computeCapability: firstRecord.computeCapability },
    kernels,
    notes,
  });
}
