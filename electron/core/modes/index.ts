/** Every measurement mode, by id. */
import type { ModeInfo } from '../../contract';
import { PlanError } from '../measure/plan-error';
import { asyncBarrierMode } from './async-barrier';
import { boundaryMode } from './boundary';
import { faddCheckMode } from './calibration';
import { CHAPTER_MODES } from './chapter';
import { clusterMode } from './cluster';
import { fencesMode } from './fences';
import { handoffMode } from './handoff';
import { hostCompletionMode } from './host-completion';
import { namedMode } from './named';
import { overlapMode } from './overlap';
import { tilesMode } from './tiles';
import type { ModeDefinition } from './types';

/** The chapter's modes, then every other scope (issue 6), then the method checks (issue 7). */
export const MODES: ModeDefinition[] = [
  ...CHAPTER_MODES,
  clusterMode,
  tilesMode,
  namedMode,
  asyncBarrierMode,
  fencesMode,
  overlapMode,
  handoffMode,
  hostCompletionMode,
  boundaryMode,
  faddCheckMode,
];

/** The mode with this id; throws PlanError(INVALID) naming the known modes otherwise. */
export function getMode(id: string): ModeDefinition {
  const mode = MODES.find((m) => m.info.id === id);
  if (!mode) {
    throw PlanError.fields({
      mode: `unknown mode '${id}'; known modes: ${MODES.map((m) => m.info.id).join(', ')}`,
    });
  }
  return mode;
}

/** Descriptions of every mode for the CLI help and the Run view. */
export function modeInfos(): ModeInfo[] {
  return MODES.map((m) => m.info);
}
