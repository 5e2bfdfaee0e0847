import { describe, expect, it } from 'vitest';

import { methodModeIds, methodSections, methodsMarkdown } from '../../../electron/model/methods';
import { MODES, getMode } from '../../../electron/model/modes';
import { parseParams } from '../../../electron/model/modes/params';
import { SANITIZER_TARGETS } from '../../../electron/model/modes/sanitizer-targets';
import { h200Context, reference } from './reference';

const text = (ids: string[]) =>
  methodSections(ids)
    .flatMap((s) => [s.title, ...s.paragraphs])
    .join('\n');

/** The first planned point of a mode with its default parameters. */
async function firstSpec(id: string) {
  const mode = getMode(id);
  const [point] = await mode.plan(parseParams(mode.info.params, {}), h200Context());
  return point!.spec;
}

describe('methodSections', () => {
  it('gives every mode a section with its question and one paragraph per workload it plans', async () => {
    expect(methodModeIds()).toEqual(MODES.map((m) => m.info.id));
    for (const mode of MODES) {
      const [own] = methodSections([mode.info.id]);
      expect(own?.title).toContain(`\`${mode.info.id}\``);
      expect(own?.paragraphs[0]).toBe(mode.info.question);
      const points = await mode.plan(parseParams(mode.info.params, {}), h200Context());
      for (const workload of new Set(points.map((p) => p.spec.workload))) {
        expect(own?.paragraphs.some((p) => p.startsWith(`\`${workload}\`: each iteration runs`))).toBe(true);
      }
    }
  });

  it('fadd_check: the formula subtracts the 32-FADD chain and divides by Δ × 32, as the plan does', async () => {
    const spec = await firstSpec('fadd_check');
    expect(spec.baseline).toEqual({ workload: 'fadd_chain', param: 32 });
    expect(spec.unitsPerIter).toBe(32);
    const body = text(['fadd_check']);
    expect(body).toContain(
      `((t(fadd_chain[${spec.param}], hi) − t(fadd_chain[${spec.param}], lo)) − ` +
        `(t(fadd_chain[${spec.baseline!.param}], hi) − t(fadd_chain[${spec.baseline!.param}], lo))) / ` +
        `(Δ × ${spec.unitsPerIter})`,
    );
    expect(body).toContain(`Δ = ${(spec.itersHi - spec.itersLo).toLocaleString('en-US')}`);
    expect(body).toContain('about 4 cycles each');
  });

  it('fences: alone with no baseline, between atomics minus the atomics, between plain RMWs minus those', async () => {
    const spec = await firstSpec('fences');
    expect(spec.baseline).toBeNull();
    const body = text(['fences']);
    expect(body).toContain('(t(fence, hi) − t(fence, lo)) / (Δ × 1)');
    expect(body).toContain(
      '((t(fence_rmw, hi) − t(fence_rmw, lo)) − (t(rmw_pair[0], hi) − t(rmw_pair[0], lo))) / (Δ × 1)',
    );
    expect(body).toContain(
      '((t(fence_plain, hi) − t(fence_plain, lo)) − (t(plain_rmw_pair[0], hi) − t(plain_rmw_pair[0], lo))) / (Δ × 1)',
    );
    expect(body).toContain(`Δ = ${(spec.itersHi - spec.itersLo).toLocaleString('en-US')}`);
  });

  it('host completion: no baseline, the host clock, no cycles', () => {
    const body = text(['host_completion']);
    expect(body).toContain('`(t(host_stream_sync, hi) − t(host_stream_sync, lo)) / (Δ × 1)`');
    expect(body).toContain('Timed on the host’s steady clock');
    expect(body).toContain('no in-kernel loop, so no cycles');
    expect(body).toContain('lo = 8, hi = lo + Δ with Δ = 64');
  });

  it('adds the shared sections once, and compute-sanitizer only for a mode that runs it', () => {
    const titles = methodSections(['warp', 'block', 'warp']).map((s) => s.title);
    expect(titles.filter((t) => t.startsWith('Mode'))).toHaveLength(2);
    expect(titles).toContain('The difference method');
    expect(titles).toContain('Stopping rule, noisy and throttled points');
    expect(titles).toContain('Whole-kernel figure and per-sync figure');
    expect(titles).not.toContain('compute-sanitizer');
    const withSanitizer = text(['correctness']);
    for (const [tool, workload] of SANITIZER_TARGETS) {
      expect(withSanitizer).toContain(`\`${workload}\``);
      expect(withSanitizer).toContain(`--tool ${tool}`);
    }
  });

  it('says so for a mode this version does not know', () => {
    expect(methodSections(['from_the_future'])[0]).toEqual({
      title: 'Mode `from_the_future`',
      paragraphs: ['This version of Sync Workbench has no description of mode `from_the_future`.'],
    });
  });

  it('quotes the H200 launch-overhead example with both figures, as the reference files have them', () => {
    const whole = methodSections(['block']).find(
      (s) => s.title === 'Whole-kernel figure and per-sync figure',
    );
    const body = whole!.paragraphs.join('\n');
    const blocks = ['h200-modes.json', 'h200-modes_a.json', 'h200-modes_b.json'].map((f) =>
      reference(f).points.find((p) => p.series === 'block')!,
    );
    const sig = (x: number) => String(Number(x.toPrecision(3)));
    // One value when the runs agree to three digits (the block per-sync figure does on 2026-12-01: 14.1 ns).
    const range = (xs: number[]) => {
      const [lo, hi] = [sig(Math.min(...xs)), sig(Math.max(...xs))];
      return lo === hi ? lo : `${lo}–${hi}`;
    };
    const wholeUs = range(blocks.map((p) => p.wholeKernelMs!.median * 1000));
    const perNs = range(blocks.map((p) => p.perSyncNs!.median));
    expect(body).toContain(`one launch of the 256-iteration \`__syncthreads()\` loop took ${wholeUs} µs`);
    expect(body).toContain(`256 × ${perNs} ns = `);
    expect(body).toContain('resources/reference/h200-modes_a.json');
  });
});

describe('methodsMarkdown', () => {
  it('puts each section under a heading of the asked level', () => {
    const md = methodsMarkdown(['grid'], 3);
    expect(md).toMatch(/^### Mode `grid`: /);
    expect(md).toContain('\n\n### The difference method\n\n');
    expect(md.endsWith('\n')).toBe(true);
    expect(methodsMarkdown(['grid'])).toMatch(/^## Mode `grid`/);
  });
});
