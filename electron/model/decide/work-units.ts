/**
 * The user's unit of work and how each measurement converts to it (docs/decision-engine.md#prices). A cost table
 * prices every choice in one unit: per phase when the answers describe a phase boundary (every warp or block
 * finishes writing before any reads), else per hand-off (one producer-to-consumer hand-off of the value). Each
 * workload's measured unit (the decision table's `measure[].unit`) converts by a factor: a barrier, a wait, a hop,
 * a launch or a stage is one per unit of work; a flag round trip is two one-way hand-offs, so half of one is one
 * hand-off (the two legs taken as equal). No Node imports: the renderer uses it.
 */
import type { Advice } from './types';

export const WORK_UNITS = ['phase', 'hand-off'] as const;
/** What one price in the cost table is for. */
export type WorkUnit = (typeof WORK_UNITS)[number];

/**
 * Why a factor is what it is: `once`, one measured unit per unit of work, without the work of the phase itself;
 * `once-with-work`, one measured unit per unit of work, the phase's own work (one update per thread) included;
 * `half-round-trip`, a flag round trip is two one-way hand-offs.
 */
export const CONVERSION_BASES = ['once', 'once-with-work', 'half-round-trip'] as const;
export type ConversionBasis = (typeof CONVERSION_BASES)[number];

/** How a measurement converts to a unit of work: price per unit of work = factor × the measured per-unit cost. */
export interface Conversion {
  factor: number;
  basis: ConversionBasis;
}

const ONCE: Conversion = { factor: 1, basis: 'once' };
const ONCE_WITH_WORK: Conversion = { factor: 1, basis: 'once-with-work' };
const HALF_ROUND_TRIP: Conversion = { factor: 0.5, basis: 'half-round-trip' };

/** Every workload the decision table prices with, by id (kernels/ and docs/methods.md name what each one times). */
export const CONVERSIONS: Readonly<Record<string, Conversion>> = {
  syncwarp: ONCE,
  syncthreads: ONCE,
  named_barrier: ONCE,
  cuda_barrier: ONCE,
  cluster_sync: ONCE,
  grid_sync: ONCE,
  boundary_launches: ONCE_WITH_WORK,
  boundary_graph: ONCE_WITH_WORK,
  boundary_grid_sync: ONCE_WITH_WORK,
  handoff_warps: HALF_ROUND_TRIP,
  handoff_blocks: HALF_ROUND_TRIP,
  handoff_host: HALF_ROUND_TRIP,
  peer_handoff: HALF_ROUND_TRIP,
  host_stream_sync: ONCE,
  host_event_sync: ONCE,
  host_device_sync: ONCE,
  peer_event_hop: ONCE,
  pdl_launch: ONCE,
  pipe_tma: ONCE,
  cluster_arrive_ring: ONCE,
};

/**
 * How `workload` converts to a unit of work.
 * @throws Error naming the workload when it has no conversion (a table entry added without one).
 */
export function conversionOf(workload: string): Conversion {
  const conversion = CONVERSIONS[workload];
  if (!conversion)
    throw new Error(`workload "${workload}" has no conversion to a unit of work (work-units.ts)`);
  return conversion;
}

/** Whether `workload`'s measured unit includes the phase's own work (basis once-with-work; unknown: false). */
export function withPhaseWork(workload: string): boolean {
  return CONVERSIONS[workload]?.basis === 'once-with-work';
}

/** The answers' unit of work: a phase for a phase boundary of a block or of the grid, else a hand-off. */
export function workUnitOf(advice: Pick<Advice, 'answers'>): WorkUnit {
  const chosen = (question: string) =>
    advice.answers.find((a) => a.question === question)?.answers.map((x) => x.id) ?? [];
  const phase =
    chosen('block-pattern').includes('phase-boundary') || chosen('grid-pattern').includes('all-blocks-phase');
  return phase ? 'phase' : 'hand-off';
}
