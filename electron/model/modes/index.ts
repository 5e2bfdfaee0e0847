/** Every measurement mode, by id. */
import type { ModeInfo } from '../../contract';
import { PlanError } from './plan-error';
import { word } from '../words/host-text';
import { asyncBarrierMode } from './async-barrier';
import { boundaryMode } from './boundary';
import { faddCheckMode } from './calibration';
import { CHAPTER_MODES } from './chapter';
import { clusterMode } from './cluster';
import { clusterArriveMode } from './cluster-arrive';
import { fencesMode } from './fences';
import { handoffMode } from './handoff';
import { hostCompletionMode } from './host-completion';
import { multiGpuMode } from './multi-gpu';
import { namedMode } from './named';
import { overlapMode } from './overlap';
import { pdlMode } from './pdl';
import { pipelineMode } from './pipeline';
import { tilesMode } from './tiles';
import type { ModeDefinition } from './types';

/** The chapter's modes, then every other scope (issue 6), Hopper's own (issue 16), then the method checks (issue 7). */
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
  multiGpuMode,
  boundaryMode,
  pdlMode,
  pipelineMode,
  clusterArriveMode,
  faddCheckMode,
];

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
