/** The count behind one price row of a kernel's pricing (docs/profile.md#instruction-counts). */
import type { KernelProfile, Price } from './schema';

/**
 * The warp-level sync instructions that price row `p` of kernel `k` counts (a fence's scope alone for a fence
 * row); null for grid sync, which ncu cannot count, and when the instruction mix was not collected.
 */
export function syncsOfPrice(k: KernelProfile, p: Price): number | null {
  const c = k.syncCounts;
  if (!c || p.kind === 'gridSync') return null;
  return p.scope ? c.fenceByScope[p.scope] : c[p.kind].syncs;
}
