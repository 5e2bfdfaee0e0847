/**
 * A profile file from ncu's exported pages (the raw page, the opcode page with the instruction mix, and optionally
 * the cuda,sass source page), the run's facts and the price rows; pure, so the same code reads committed fixtures in tests and
 * a fresh report on a GPU host. docs/profile.md.
 */
import { groupByKernel, kernelProfile } from './kernels';
import { NcuParseError } from './ncu-error';
import { MIX_METRIC } from './opcode-page';
import type { PriceRow } from './pricing';
import type { LaunchRecord } from './raw-page';
import { PROFILE_FORMAT, PROFILE_VERSION, validateProfile, type ProfileFile } from './schema';
import type { SourcePage } from './source-page';
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

/** ncu's pages as read (core/profile/ncu-csv.ts): each a reader's result (model/profile/ncu-rows.ts). */
export interface NcuPages {
  /** The raw page's launches (raw-page.ts), their `opcodeMix` still null. */
  launches: readonly LaunchRecord[];
  /** The opcode page's mix by launch id (opcode-page.ts); null: not exported. */
  opcodeMix: ReadonlyMap<number, Map<string, number>> | null;
  /** `--page source --print-source cuda,sass` (source-page.ts); null: not exported. */
  source: SourcePage | null;
}

/** @throws NcuParseError when a page is not ncu's CSV or has no launch; ProfileFileError on an invalid result. */
export function buildProfile(
  pages: NcuPages,
  facts: ProfileFacts,
  priceRows: readonly PriceRow[],
): ProfileFile {
  const mixes = pages.opcodeMix;
  const records = pages.launches.map((r) => ({ ...r, opcodeMix: mixes?.get(r.id) ?? null }));
  const firstRecord = records[0];
  if (!firstRecord) throw new NcuParseError('the raw page has no kernel launch');
  const source = pages.source;
  const kernels = [...groupByKernel(records).values()].map((launches) =>
    kernelProfile(launches, source, priceRows),
  );
  const notes = [GRID_SYNC_NOTE, WARP_SYNC_NOTE];
  if (kernels.some((k) => k.syncCounts === null)) {
    notes.push(
      `no instruction mix: no opcode page (ncu --page raw --metrics ${MIX_METRIC} --print-metric-instances details)`,
    );
  }
  if (!source || source.linesByKernel.size === 0) {
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
