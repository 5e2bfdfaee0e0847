/**
 * What each mode measures, kernel by kernel, by mode id: each mode module's `method` (electron/model/modes/*.ts),
 * written from its plan and kernels/*.cu (the loops). test/unit/methods/kernels.test.ts plans every mode and checks
 * these facts against the planned points.
 */
import { MODES } from '../modes';
import type { ModeMethod } from './types';

/** Every mode's kernels and notes, by mode id. */
export const MODE_METHODS: Record<string, ModeMethod> = Object.fromEntries(
  MODES.map((mode) => [mode.info.id, mode.method]),
);
