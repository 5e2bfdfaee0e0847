/** Every measurement mode, by id. */
import type { ModeInfo } from '../../contract';
import { PlanError } from '../measure/plan-error';
import { CHAPTER_MODES } from './chapter';
import type { ModeDefinition } from './types';

export const MODES: ModeDefinition[] = [...CHAPTER_MODES];

/** The mode with this id; throws PlanError(INVALID) naming the known modes otherwise. */
export function getMode(id: string): ModeDefinition {
  const mode = MODES.find((m) => m.info.id === id);
  if (!mode) {
    throw PlanError.fields({ mode: `unknown mode '${id}'; known modes: ${MODES.map((m) => m.info.id).join(', ')}` });
  }
  return mode;
}

/** Descriptions of every mode for the CLI help and the Run view. */
export function modeInfos(): ModeInfo[] {
  return MODES.map((m) => m.info);
}
