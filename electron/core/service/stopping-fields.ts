/**
 * The stopping rule as fields of the Run form (ModeInfo.stopping): one per StoppingRequest key, defaults from the
 * core's DEFAULT_STOPPING and ranges from its STOPPING_LIMITS, so the form refuses a value out of range as it is
 * typed, whatever the mode's own fields hold. The order of the bounds (maxReps ≥ minReps, maxTimeMs ≥ minTimeMs) is
 * left to the core (parseStopping), whose messages come back as field errors.
 */
import type { ModeInfo, ParamInfo } from '../../contract';
import { DEFAULT_STOPPING, STOPPING_LIMITS } from '../measure/stopping';
import type { Stopping } from '../../model/results/schema';

type StoppingKey = keyof Stopping;

const FIELDS: Array<Omit<ParamInfo, 'default'> & { name: StoppingKey }> = [
  {
    name: 'targetRelCi',
    label: 'Noise target',
    kind: 'number',
    unit: '(fraction)',
    help: 'Stop once the 95% CI half-width of the median, over the median gross cost, is at most this (0.01 = 1%).',
  },
  {
    name: 'minTimeMs',
    label: 'Minimum time per point',
    kind: 'number',
    unit: 'ms',
    help: 'A point never stops on noise before it has run this long.',
  },
  {
    name: 'maxTimeMs',
    label: 'Time limit per point',
    kind: 'number',
    unit: 'ms',
    help: 'A point that has not met the noise target by then stops and is marked noisy (kept, not dropped).',
  },
  {
    name: 'minReps',
    label: 'Minimum repetitions',
    kind: 'int',
    help: 'A point never stops on noise with fewer repetitions (a confidence interval needs at least 6).',
  },
  {
    name: 'maxReps',
    label: 'Maximum repetitions',
    kind: 'int',
    help: 'A point stops here at the latest and is marked noisy if the noise target was not met.',
  },
  {
    name: 'warmup',
    label: 'Warm-up repetitions',
    kind: 'int',
    help: 'Whole repetitions run and discarded before measuring (the cold first launch is timed apart anyway).',
  },
];

/** The stopping-rule fields with the core's defaults and allowed ranges. */
export function stoppingFields(defaults: Stopping = DEFAULT_STOPPING): ParamInfo[] {
  return FIELDS.map((f) => {
    const [min, max] = STOPPING_LIMITS[f.name];
    return { ...f, default: defaults[f.name], min, max };
  });
}

/** The modes with their stopping-rule fields (the same for every mode). */
export function withStoppingFields(modes: ModeInfo[]): ModeInfo[] {
  const stopping = stoppingFields();
  return modes.map((m) => ({ ...m, stopping }));
}
