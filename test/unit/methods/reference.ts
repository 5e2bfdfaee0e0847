/**
 * The H200 reference results (resources/reference) for the methods tests, and a planning context on the same device:
 * occupancy from a threads-per-SM model (2048 threads, at most 32 blocks per SM) and 16 active clusters. The context
 * only feeds `plan()`: it never produces a number that is shown.
 */
import { readdirSync, readFileSync } from 'node:fs';

import type { MeasureBackend } from '../../../electron/model/measure/backend';
import type { PlanContext } from '../../../electron/model/modes/types';
import { parseResultFile } from '../../../electron/core/results/io';
import type { ResultFile } from '../../../electron/model/results/schema';

const DIR = new URL('../../../resources/reference/', import.meta.url);

/** One reference result file by name, e.g. "h200-modes_a.json", read (and migrated) as the app reads it. */
export function reference(name: string): ResultFile {
  return parseResultFile(readFileSync(new URL(name, DIR), 'utf8'), name);
}

/** Every reference result file, by name. */
export function allReferences(): Array<[string, ResultFile]> {
  return readdirSync(DIR)
    .filter((n) => n.endsWith('.json'))
    .map((n) => [n, reference(n)]);
}

/**
 * Planning context on the H200 of the reference results. Its device query reports two such GPUs with NVLink and
 * peer access, and NCCL, so the multi_gpu mode plans every variant too.
 */
export function h200Context(): PlanContext {
  const device = reference('h200-modes.json').provenance.device!;
  const both = { aToB: true, bToA: true };
  const backend = {
    queryDevices: async () => ({
      available: true,
      devices: [device, { ...device, ordinal: 1 }],
      pairs: [
        {
          a: 0,
          b: 1,
          peerAccess: both,
          nativeAtomics: both,
          performanceRank: { aToB: 0, bToA: 0 },
          link: { source: 'nvml', nvlink: true, nvlinkP2pStatus: 0, commonAncestor: 50 },
        },
      ],
      nccl: { state: 'loaded', version: '2.27.3', library: 'libnccl.so.2', reason: null },
    }),
    occupancy: async ({ threadsPerBlock }: { threadsPerBlock: number }) => {
      const blocksPerSm = Math.min(32, Math.floor(2048 / threadsPerBlock));
      return { blocksPerSm, smCount: device.smCount, coResidentBlocks: blocksPerSm * device.smCount };
    },
    maxActiveClusters: async () => ({ maxActiveClusters: 16 }),
  } as unknown as MeasureBackend;
  return { device, backend };
}
