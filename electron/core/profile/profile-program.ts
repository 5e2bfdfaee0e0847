/**
 * `syncbench profile` end to end without the CLI: check ncu, collect a report of the program into a scratch
 * folder, export its pages, parse and price them (model/profile/build-profile.ts), and remove the scratch folder
 * whatever happens, so a failed run leaves nothing half-written. docs/profile.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { buildProfile } from '../../model/profile/build-profile';
import type { PriceRow } from '../../model/profile/pricing';
import type { ProfileFile } from '../../model/profile/schema';
import { checkNcu } from './ncu-version';
import { collectReport, exportPages } from './run-ncu';

export interface ProfileRequest {
  ncu: string;
  program: string;
  args: string[];
  kernelFilter: string | null;
  launchCount: number | null;
  timeLimitS: number;
  name: string | null;
  appVersion: string;
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
  /** The price rows for the GPU ncu names (core/profile/costs.ts). */
  priceRowsFor: (deviceName: string | null) => Promise<PriceRow[]>;
}

/** An id for a new profile: time and a random tail (a file name on every platform). */
export function newProfileId(now: Date, program: string): string {
  const stem =
    path
      .basename(program)
      .replace(/[^A-Za-z0-9_-]/g, '_')
      .slice(0, 40) || 'program';
  return `profile-${stem}-${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
}

/** @throws ProfileError (see run-ncu.ts, ncu-version.ts), NcuParseError when ncu's pages cannot be read. */
export async function profileProgram(req: ProfileRequest): Promise<ProfileFile> {
  const ncuVersion = await checkNcu(req.ncu, req.env);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'syncbench-profile-'));
  try {
    const reportBase = path.join(scratch, 'report');
    const started = Date.now();
    await collectReport({ ...req, reportBase });
    const leftS = Math.max(30, req.timeLimitS - (Date.now() - started) / 1000);
    const pages = await exportPages(req.ncu, `${reportBase}.ncu-rep`, req.env, leftS);
    const now = new Date();
    const facts = {
      id: newProfileId(now, req.program),
      name: req.name ?? `${path.basename(req.program)} ${req.args.join(' ')}`.trim(),
      createdAt: now.toISOString(),
      program: { path: req.program, args: req.args, exitCode: 0 },
      ncu: { version: ncuVersion, path: req.ncu },
      options: { kernelFilter: req.kernelFilter, launchCount: req.launchCount, timeLimitS: req.timeLimitS },
      appVersion: req.appVersion,
    };
    const draft = buildProfile(pages, facts, []);
    const rows = await req.priceRowsFor(draft.device.name);
    return rows.length ? buildProfile(pages, facts, rows) : draft;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
