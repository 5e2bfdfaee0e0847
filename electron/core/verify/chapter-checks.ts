/**
 * GPU checks of the chapter's modes (docs/methods.md): every workload launches; correctness and phases verify;
 * warp ≤ block < grid per sync; a grid over the cooperative limit is refused, by the plan (naming the limit and how
 * it was computed) and by the runtime (cudaErrorCooperativeLaunchTooLarge) when the plan is bypassed.
 */
import type { MeasureBackend } from '../../model/measure/backend';
import { PlanError } from '../../model/modes/plan-error';
import { coopLimit } from '../measure/device';
import { startMeasuredRun } from '../measure/run';
import type { NativeError, NativeWorkloadInfo } from '../../model/native/addon-types';
import type { Device, Point, ResultFile } from '../../model/results/schema';
import type { Check } from './checks';
import { smokeSpec } from './smoke';

/** Runs a mode to completion and returns its result (kept for the report by the caller). */
export async function measure(
  backend: MeasureBackend,
  mode: string,
  params: Record<string, number | string | number[]> = {},
): Promise<ResultFile> {
  const run = await startMeasuredRun({ mode, params }, backend);
  const { result } = await run.done;
  if (result.status !== 'complete')
    throw new Error(`${mode} did not complete: ${result.error?.message ?? result.status}`);
  return result;
}

const med = (p: Point | undefined) => p?.perSyncNs?.median ?? null;
/** "a is not significantly above b": a's CI low end is at or below b's CI high end. */
const notAbove = (a: Point, b: Point) =>
  (a.perSyncNs?.ciLow ?? a.perSyncNs!.median) <= (b.perSyncNs?.ciHigh ?? b.perSyncNs!.median);
/** "a is significantly below b": a's CI high end is below b's CI low end. */
const below = (a: Point, b: Point) =>
  (a.perSyncNs?.ciHigh ?? a.perSyncNs!.median) < (b.perSyncNs?.ciLow ?? b.perSyncNs!.median);

/** The chapter's checks, in the order they run. */
export function chapterChecks(
  backend: MeasureBackend,
  device: Device,
  workloads: NativeWorkloadInfo[],
): Check[] {
  return [
    smokeCheck(backend, device, workloads),
    coopLimitPlanCheck(backend, device),
    coopLimitRuntimeCheck(backend, device, workloads),
    modesCheck(backend),
    correctnessCheck(backend),
    sweepCheck(backend),
    sweepGridCheck(backend),
  ];
}

/** Every workload launches and finishes (tiny runs). */
function smokeCheck(backend: MeasureBackend, device: Device, workloads: NativeWorkloadInfo[]): Check {
  const cc = Number(device.computeCapability) * 10;
  return {
    id: 'smoke',
    title: 'every workload launches and finishes (tiny runs)',
    run: async () => {
      // Multi-GPU workloads (kernels/sb_pair_abi.h) take two devices: the multi_gpu mode runs them, not this check.
      const runnable = workloads.filter(
        (w) => w.unsafe !== 'undefined-behaviour' && w.minCc <= cc && w.devices !== 2,
      );
      const specs = runnable.map((w) => smokeSpec(w, device.ordinal));
      const seen = new Set<number>();
      const handle = backend.startRun(specs, (e) => {
        if (e.type === 'point') seen.add(e.index);
      });
      try {
        await handle.done;
      } catch (err) {
        const e = err as NativeError;
        const at = e.point !== undefined ? runnable[e.point]?.id : 'unknown';
        return { ok: false, detail: `workload ${at} failed: ${e.message}`, figures: { passed: seen.size } };
      }
      const skipped = workloads
        .filter((w) => !runnable.includes(w))
        .map((w) => (w.devices === 2 ? `${w.id} (two GPUs: multi_gpu mode)` : w.id));
      return {
        ok: seen.size === specs.length,
        detail: `${seen.size}/${specs.length} workloads ran${skipped.length ? `; not run: ${skipped.join(', ')}` : ''}`,
        figures: { ran: seen.size, of: specs.length },
      };
    },
  };
}

/** A grid over the cooperative limit is refused by the plan, naming the limit and how it was computed. */
function coopLimitPlanCheck(backend: MeasureBackend, device: Device): Check {
  return {
    id: 'coop-limit-plan',
    title: 'a grid over the cooperative limit is refused before launch, naming the limit',
    run: async () => {
      const limit = await coopLimit({ device: device.ordinal, threadsPerBlock: 256 }, backend);
      try {
        await startMeasuredRun(
          { mode: 'grid', params: { nwarps: 8, nblocks: limit.coResidentBlocks + 1 } },
          backend,
        );
        return { ok: false, detail: 'the plan accepted a grid over the limit', figures: {} };
      } catch (err) {
        const msg = (err as Error).message;
        const ok =
          err instanceof PlanError &&
          msg.includes(String(limit.coResidentBlocks)) &&
          msg.includes('cudaOccupancyMaxActiveBlocksPerMultiprocessor');
        return {
          ok,
          detail: msg,
          figures: { coResidentBlocks: limit.coResidentBlocks, blocksPerSm: limit.blocksPerSm },
        };
      }
    },
  };
}

/** The runtime refuses the same grid when the plan is bypassed. */
function coopLimitRuntimeCheck(
  backend: MeasureBackend,
  device: Device,
  workloads: NativeWorkloadInfo[],
): Check {
  return {
    id: 'coop-limit-runtime',
    title: 'the runtime refuses the same grid when the plan is bypassed (cudaErrorCooperativeLaunchTooLarge)',
    run: async () => {
      const limit = await coopLimit({ device: device.ordinal, threadsPerBlock: 256 }, backend);
      const spec = smokeSpec(
        workloads.find((w) => w.id === 'grid_sync')!,
        device.ordinal,
      );
      spec.launch = { ...spec.launch, gridBlocks: limit.coResidentBlocks + 1, threadsPerBlock: 256 };
      try {
        await backend.startRun([spec], () => {}).done;
        return { ok: false, detail: 'the oversized cooperative launch succeeded', figures: {} };
      } catch (err) {
        const e = err as NativeError;
        return {
          ok: e.cudaError === 'cudaErrorCooperativeLaunchTooLarge',
          detail: e.message,
          figures: { cudaError: e.cudaError ?? null },
        };
      }
    },
  };
}

/** The modes table: warp ≤ block < grid per sync, phases verified. */
function modesCheck(backend: MeasureBackend): Check {
  return {
    id: 'modes',
    title: 'modes table: warp ≤ block < grid per sync; phases verified',
    run: async (ctx) => {
      const r = await measure(backend, 'modes');
      ctx.keep(r);
      const [w, b, g] = ['warp', 'block', 'grid'].map((s) => r.points.find((p) => p.series === s)!);
      const phases = r.points.filter((p) => p.series.startsWith('phases'));
      const verified = phases.every((p) => p.verification?.ok === true);
      const ok = notAbove(w!, b!) && below(b!, g!) && verified;
      const ratios = Object.fromEntries(r.ratios.map((x) => [x.name, Number(x.value.toFixed(3))]));
      return {
        ok,
        detail: `warp ${med(w)?.toFixed(2)} ns, block ${med(b)?.toFixed(2)} ns, grid ${med(g)?.toFixed(1)} ns per sync; phases ${verified ? 'verified' : 'NOT verified'}`,
        figures: { warpNs: med(w), blockNs: med(b), gridNs: med(g), ...ratios },
      };
    },
  };
}

/** The shared-memory hand-off with __syncthreads verifies. */
function correctnessCheck(backend: MeasureBackend): Check {
  return {
    id: 'correctness',
    title: 'correctness: the shared-memory hand-off with __syncthreads verifies',
    run: async (ctx) => {
      const r = await measure(backend, 'correctness');
      ctx.keep(r);
      const v = r.points[0]?.verification;
      return {
        ok: v?.ok === true && v.verified > 0,
        detail: v ? `${v.verified} values checked, ${v.mismatches} mismatches` : 'no verification data',
        figures: { verified: v?.verified ?? null, mismatches: v?.mismatches ?? null },
      };
    },
  };
}

/** Block is never significantly cheaper than warp at any block size. */
function sweepCheck(backend: MeasureBackend): Check {
  return {
    id: 'sweep',
    title: 'sweep: block is never significantly cheaper than warp at any block size',
    run: async (ctx) => {
      const r = await measure(backend, 'sweep');
      ctx.keep(r);
      const xs = [...new Set(r.points.map((p) => p.x))];
      const bad = xs.filter((x) => {
        const w = r.points.find((p) => p.series === 'warp' && p.x === x)!;
        const b = r.points.find((p) => p.series === 'block' && p.x === x)!;
        return !notAbove(w, b);
      });
      return {
        ok: bad.length === 0,
        detail: bad.length
          ? `warp above block at nwarps ${bad.join(', ')}`
          : `block ≥ warp at nwarps ${xs.join(', ')}`,
        figures: Object.fromEntries(r.ratios.map((x) => [x.name, Number(x.value.toFixed(3))])),
      };
    },
  };
}

/** Grid.sync() at the cooperative maximum costs more than at 1 block/SM. */
function sweepGridCheck(backend: MeasureBackend): Check {
  return {
    id: 'sweep_grid',
    title: 'sweep_grid: grid.sync() at the cooperative maximum costs more than at 1 block/SM',
    run: async (ctx) => {
      const r = await measure(backend, 'sweep_grid');
      ctx.keep(r);
      const one = r.points.find((p) => p.x === 1);
      const last = r.points[r.points.length - 1];
      const ok = !!one && !!last && below(one, last);
      return {
        ok,
        detail: `1/SM ${med(one)?.toFixed(1)} ns, ${last?.x}/SM ${med(last)?.toFixed(1)} ns per sync`,
        figures: Object.fromEntries(r.points.map((p) => [`grid@${p.x?.toFixed(3)}/SM`, med(p)])),
      };
    },
  };
}
