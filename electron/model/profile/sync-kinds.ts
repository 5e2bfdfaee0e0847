/**
 * The synchronization instructions a kernel ran, by kind, from Nsight Compute's instruction mix
 * (`sass__inst_executed_per_opcode_with_modifier_all`: warp-level instructions executed per SASS opcode with its
 * modifiers). Which SASS opcodes each CUDA primitive compiles to on sm_90 was read from the examples' SASS and
 * their profiles (examples/profile/, test/fixtures/ncu/h200-2026-12-02); docs/profile.md#instruction-counts says
 * which counts ncu can give and which it cannot.
 */

/** The kinds a profile counts. `gridSync` has no opcode of its own (see GRID_SYNC_NOTE). */
export const SYNC_KINDS = [
  'blockBarrier',
  'warpSync',
  'clusterBarrier',
  'mbarrier',
  'fence',
  'gridSync',
] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/** What each kind is, in the field's words, and which SASS opcodes it counts. */
export const SYNC_KIND_TEXT: Record<SyncKind, string> = {
  blockBarrier: 'block barrier (__syncthreads, bar.sync, named barriers): BAR.*',
  warpSync: 'warp sync (__syncwarp, *_sync collectives when the compiler keeps it): WARPSYNC.*',
  clusterBarrier: 'cluster barrier (cluster.sync(), barrier.cluster): UCGABAR_ARV / UCGABAR_WAIT',
  mbarrier: 'mbarrier (cuda::barrier, cuda::pipeline, TMA completion): SYNCS.*',
  fence: 'memory fence (__threadfence*, release/acquire at device or system scope): MEMBAR.* and FENCE.*',
  gridSync: 'grid sync (grid.sync()): no opcode of its own',
};

/** Why grid syncs are not counted, said wherever the counts are shown. */
export const GRID_SYNC_NOTE =
  'grid.sync() has no SASS opcode of its own: it runs as a block barrier (BAR), a device-scope fence (MEMBAR.GPU) ' +
  'and an atomic by one thread per block, so ncu counts it under those kinds; a kernel that calls it is recognised ' +
  "from the source page (cooperative_groups' grid sync code), not counted.";

/** Why some warp syncs cannot be counted. */
export const WARP_SYNC_NOTE =
  'a __syncwarp() the compiler can prove needless (all lanes converged) becomes NOP or nothing: ncu counts only the ' +
  'WARPSYNC instructions that remain.';

/** The fence scopes of MEMBAR's modifiers (PTX membar/fence .cta, .gpu, .sys). */
export const FENCE_SCOPES = ['block', 'device', 'system'] as const;
export type FenceScope = (typeof FENCE_SCOPES)[number];

/** The opcodes of one kind that stand for one sync of a warp (the count that is priced; see pricing.ts). */
export interface KindCount {
  /** Warp-level instructions of this kind, every opcode. */
  instructions: number;
  /** Warp-level instructions that each stand for one completed sync (the wait, not the arrive). */
  syncs: number;
  /** Per opcode with its modifiers, as ncu names it. */
  byOpcode: Record<string, number>;
}

/** A SASS opcode (with modifiers) → its kind, whether it stands for one sync, and a fence's scope. */
export function classifyOpcode(
  opcode: string,
): { kind: SyncKind; countsAsSync: boolean; scope?: FenceScope } | null {
  const base = opcode.split('.')[0];
  if (base === 'BAR') return { kind: 'blockBarrier', countsAsSync: !/\.ARV\b/.test(opcode) };
  if (base === 'WARPSYNC') return { kind: 'warpSync', countsAsSync: true };
  if (base === 'UCGABAR_WAIT' || base === 'CGABAR_WAIT')
    return { kind: 'clusterBarrier', countsAsSync: true };
  if (base === 'UCGABAR_ARV' || base === 'CGABAR_ARV') return { kind: 'clusterBarrier', countsAsSync: false };
  // An mbarrier phase: each warp arrives once; the try-waits repeat while the phase is pending.
  if (base === 'SYNCS') return { kind: 'mbarrier', countsAsSync: /^SYNCS\.ARRIVE/.test(opcode) };
  if (base === 'MEMBAR' || base === 'FENCE') {
    const scope: FenceScope = /\.SYS\b/.test(opcode)
      ? 'system'
      : /\.(GPU|GL)\b/.test(opcode)
        ? 'device'
        : 'block';
    return { kind: 'fence', countsAsSync: base === 'MEMBAR', scope };
  }
  return null;
}

/** Counts by kind (every kind but gridSync) from an instruction mix by opcode with modifiers. */
export function countSyncInstructions(
  mix: ReadonlyMap<string, number>,
): Record<Exclude<SyncKind, 'gridSync'>, KindCount> & { fenceByScope: Record<FenceScope, number> } {
  const empty = (): KindCount => ({ instructions: 0, syncs: 0, byOpcode: {} });
  const out = {
    blockBarrier: empty(),
    warpSync: empty(),
    clusterBarrier: empty(),
    mbarrier: empty(),
    fence: empty(),
    fenceByScope: { block: 0, device: 0, system: 0 },
  };
  for (const [opcode, n] of mix) {
    const c = classifyOpcode(opcode);
    if (!c || c.kind === 'gridSync') continue;
    const k = out[c.kind];
    k.instructions += n;
    if (c.countsAsSync) k.syncs += n;
    k.byOpcode[opcode] = (k.byOpcode[opcode] ?? 0) + n;
    if (c.scope && c.countsAsSync) out.fenceByScope[c.scope] += n;
  }
  return out;
}
