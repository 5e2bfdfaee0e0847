/**
 * What compute-sanitizer is run on (sanitizer.ts runs it): the tools and the verification workloads, as plain data
 * that the renderer may read too (no Node here).
 */

export type SanitizerTool = 'racecheck' | 'synccheck';

/** The targets: [tool, workload, description, expected clean]. */
export const SANITIZER_TARGETS: Array<[SanitizerTool, string, string, boolean]> = [
  ['racecheck', 'handoff_smem', 'shared-memory hand-off with __syncthreads', true],
  ['racecheck', 'handoff_smem_no_barrier', 'the same hand-off without barriers (a data race)', false],
  ['synccheck', 'handoff_smem', 'shared-memory hand-off with __syncthreads', true],
  ['synccheck', 'divergent_barrier', '__syncthreads() in divergent code', false],
];
