/** Every measurement mode, by id. */
import type { ModeInfo } from '../../contract';
import { PlanError } from './plan-error';
import { word } from '../words/host-text';
import { MODES } from './all.generated';
import type { ModeDefinition } from './types';

/**
 * Every mode, ordered by `rank`: the chapter's modes, then every other scope, Hopper's own, then the method checks.
 * Generated from the mode modules (scripts/gen-workloads.mjs, npm run gen): a new mode module is listed without an
 * edit here.
 */
export { MODES };

/** The mode with this id; throws PlanError(INVALID) naming the known modes otherwise. */
export function getMode(id: string): ModeDefinition {
  const mode = MODES.find((m) => m.info.id === id);
  if (!mode) {
    throw PlanError.fields({
      mode: word('plan.unknownMode', { mode: id, modes: MODES.map((m) => m.info.id) }),
    });
  }
  return mode;
}

/** Descriptions of every mode for the CLI help and the Run view. */
export function modeInfos(): ModeInfo[] {
  return MODES.map((m) => m.info);
}
