/** The count behind one price row of a kernel's pricing (docs/profile.md#instruction-counts). */
import type { KernelProfile, Price } from './schema';

/**
 * The warp-level sync instructions ncu counted of price row `p`'s kind in kernel `k` (a fence's scope alone for
 * a fence row): what was counted, which the row's syncsPerWarp may price fewer of (pricing.ts); null for grid
 * sync, which ncu cannot count, and when the instruction mix was not collected.
 */
export function syncsOfPrice(k: KernelProfile, p: Price): number | null {
  const c = k.syncCounts;
  if (!c || p.kind === 'gridSync') return null;
  return p.scope ? c.fenceByScope[p.scope] : c[p.kind].syncs;
}
