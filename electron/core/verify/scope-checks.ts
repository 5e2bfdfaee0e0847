/**
 * GPU checks of the scopes beyond the chapter: block < cluster < grid per sync; a flag hand-off at device
 * scope between blocks is slower than at block scope between warps; unsupported cluster sizes are refused with the
 * limit named; and every other scope mode completes.
 */
import type { MeasureBackend } from '../../model/measure/backend';
import { PlanError } from '../../model/modes/plan-error';
import { planRun } from '../measure/plan-run';
import type { Device, Point } from '../../model/results/schema';
import { measure } from './chapter-checks';
import type { Check } from './checks';

const med = (p: Point | undefined) => p?.perSyncNs?.median ?? null;
const below = (a: Point, b: Point) =>
  (a.perSyncNs?.ciHigh ?? a.perSyncNs!.median) < (b.perSyncNs?.ciLow ?? b.perSyncNs!.median);

/** A check that runs a mode to completion and keeps its result. */
function completes(
  backend: MeasureBackend,
  mode: string,
  params: Record<string, string | number> = {},
  id = mode,
): Check {
  return {
    id,
    title: `${mode} completes${Object.keys(params).length ? ` (${JSON.stringify(params)})` : ''}`,
    run: async (ctx) => {
      const r = await measure(backend, mode, params);
      ctx.keep(r);
      return {
        ok: r.points.length > 0 && r.points.every((p) => p.perSyncNs !== null),
        detail: `${r.points.length} points; ${r.ratios.map((x) => `${x.name} ${x.value.toFixed(2)}`).join(', ') || 'no ratios'}`,
        figures: Object.fromEntries(r.points.map((p) => [p.label, med(p)])),
      };
    },
  };
}

export function scopeChecks(backend: MeasureBackend, device: Device): Check[] {
  const cc = Number(device.computeCapability) * 10;
  const checks: Check[] = [];
  if (cc >= 90) {
    checks.push(
      {
        id: 'cluster-order',
        title: 'cluster: block < cluster < grid per sync (full GPU, 8 warps per block)',
        run: async (ctx) => {
          const r = await measure(backend, 'cluster');
          ctx.keep(r);
          const block = r.points.find((p) => p.series === 'block')!;
          const grid = r.points.find((p) => p.series === 'grid')!;
          const clusters = r.points.filter(
            (p) => p.series.startsWith('cluster of') && p.launch.clusterSize >= 2,
          );
          const bad = clusters.filter((c) => !(below(block, c) && below(c, grid)));
          return {
            ok: clusters.length > 0 && bad.length === 0,
            detail: `block ${med(block)?.toFixed(1)} ns, clusters ${Math.min(...clusters.map((c) => med(c)!)).toFixed(1)}–${Math.max(...clusters.map((c) => med(c)!)).toFixed(1)} ns, grid ${med(grid)?.toFixed(1)} ns${bad.length ? `; out of order: ${bad.map((c) => c.label).join('; ')}` : ''}`,
            figures: { blockNs: med(block), gridNs: med(grid), clusterPoints: clusters.length },
          };
        },
      },
      {
        id: 'cluster-unsupported',
        title: 'cluster: an unsupported cluster size is refused, naming the limit and the attribute',
        run: async () => {
          const rt = await backend.maxActiveClusters({
            device: device.ordinal,
            workload: 'cluster_sync',
            threadsPerBlock: 256,
            clusterSize: 32,
            dynamicSmemBytes: 0,
          });
          let planMessage = '';
          try {
            await planRun({ mode: 'cluster', params: { clusterSizes: '32' } }, backend);
          } catch (err) {
            if (err instanceof PlanError) planMessage = err.message;
          }
          const ok = rt.maxActiveClusters === 0 && /16/.test(planMessage);
          return {
            ok,
            detail: `runtime: ${rt.maxActiveClusters} clusters of 32 (${rt.reason ?? 'no reason'}); plan: ${planMessage}`,
            figures: { maxActiveClusters32: rt.maxActiveClusters },
          };
        },
      },
    );
  }
  checks.push({
    id: 'handoff-order',
    title: 'handoff: device scope between blocks is slower than block scope between warps',
    run: async (ctx) => {
      const r = await measure(backend, 'handoff');
      ctx.keep(r);
      const warps = r.points.find((p) => p.series === 'two warps of a block: block')!;
      const blocks = r.points.find((p) => p.series === 'two blocks: device')!;
      return {
        ok: below(warps, blocks),
        detail: `warps/block scope ${med(warps)?.toFixed(1)} ns, blocks/device scope ${med(blocks)?.toFixed(1)} ns per round trip`,
        figures: Object.fromEntries(r.points.map((p) => [p.label, med(p)])),
      };
    },
  });
  for (const mode of [
    'tiles',
    'named',
    ...(cc >= 80 ? ['async_barrier'] : []),
    'fences',
    'kernel_boundary',
  ]) {
    checks.push(completes(backend, mode));
  }
  return checks;
}
