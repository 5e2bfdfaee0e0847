/**
 * Walks every path through the questions (one question at a time, as the wizard does) and checks that each complete
 * set of answers gets exactly one recommendation that respects the scope rules, and that every recommendation and
 * every hazard of the fixed sets is reachable.
 */
import { describe, expect, it } from 'vitest';

import { advise } from '../../../electron/model/decide/engine';
import type { Question } from '../../../electron/model/decide/table-schema';
import {
  HAZARD_IDS,
  OUTCOMES,
  RECOMMENDATION_IDS,
  type Advice,
  type Answers,
} from '../../../electron/model/decide/types';
import { withPhaseWork } from '../../../electron/model/decide/work-units';
import { paths, table } from './load';

const all = (q: Question) => q.answers.map((a) => a.id);
const BLOCK_LEVEL = ['syncwarp', 'warp-collective', 'syncthreads', 'named-barrier', 'cuda-barrier'];

/**
 * The priced choices of one table whose work per unit differs from the others' although their recommendation has a
 * measurement of the same work: one includes the phase's own work (a kernel boundary), the other not.
 */
export function mixedWork(a: Advice): string[] {
  const choices = [
    ...(a.recommendation ? [{ id: a.recommendation, m: a.measurement }] : []),
    ...a.alternatives.map((x) => ({ id: x.id, m: x.measurement })),
    ...a.options.map((x) => ({ id: x.id, m: x.measurement })),
  ];
  const work = choices.some((c) => c.m !== null && withPhaseWork(c.m.workload));
  return choices
    .filter(
      (c) =>
        c.m !== null &&
        withPhaseWork(c.m.workload) !== work &&
        table.recommendations
          .find((r) => r.id === c.id)!
          .measure.some((m) => withPhaseWork(m.workload) === work),
    )
    .map(
      (c) =>
        `${c.id} priced by ${c.m!.workload}, ${work ? 'without' : 'with'} the phase's work of the others`,
    );
}

/** Rules every advice must follow; returns what is wrong, or nothing. */
function violations(answers: Answers, a: Advice): string[] {
  const out: string[] = [];
  const where = answers.where;
  const rec = a.recommendation ?? '';
  if (a.outcome === 'not-possible') {
    if (a.recommendation !== null || a.options.length === 0 || a.alternatives.length > 0)
      out.push('not-possible');
  } else if (!a.snippet || a.hazards.some((h) => !h.snippet)) out.push('missing snippet');
  if (/\{\w+\}/.test(a.title + a.rationale)) out.push('unfilled placeholder');
  if ((a.mask !== null) !== ['syncwarp', 'warp-collective'].includes(rec)) out.push('mask');
  if ((a.atomicScope !== null) !== (a.recommendation === 'release-acquire')) out.push('atomic scope');
  if (a.recommendation === 'grid-sync' && a.launch?.cooperative !== true)
    out.push('grid-sync without cooperative');
  if (!['same-warp', 'same-block'].includes(String(where)) && BLOCK_LEVEL.includes(rec)) {
    out.push(`block-level ${a.recommendation} for ${String(where)}`);
  }
  const coopFits =
    (answers.launch === 'cooperative' || [answers.current].flat().includes('grid-sync-coop')) &&
    answers['grid-fits'] === 'fits';
  if (answers['grid-pattern'] === 'one-block-waits' && !coopFits && a.recommendation === 'release-acquire') {
    out.push('spinning recommended without co-residency');
  }
  if (!/^(rec|np)-/.test(a.sources[0]?.rule ?? '')) out.push('first source is not the deciding rule');
  if (new Set(a.hazards.map((h) => h.id)).size !== a.hazards.length) out.push('repeated hazard');
  out.push(...mixedWork(a));
  return out.map((v) => `${JSON.stringify(answers)}: ${v}`);
}

function explore(choices: (q: Question) => string[]) {
  const recommendations = new Set<string>();
  const outcomes = new Set<string>();
  const hazards = new Set<string>();
  const problems: string[] = [];
  let count = 0;
  for (const answers of paths({}, choices)) {
    const advice = advise(table, answers);
    if (advice.recommendation) recommendations.add(advice.recommendation);
    outcomes.add(advice.outcome);
    advice.hazards.forEach((h) => hazards.add(h.id));
    problems.push(...violations(answers, advice));
    count += 1;
  }
  return { recommendations, outcomes, hazards, problems, count };
}

describe('every path through the questions', () => {
  const steering = explore((q) => (q.id === 'current' ? ['new-code'] : all(q)));
  const current = explore((q) =>
    q.id === 'storage' ? ['global'] : q.id === 'goal' ? ['correctness'] : all(q),
  );

  it('gets one recommendation that follows the scope rules', () => {
    expect(steering.count).toBeGreaterThan(1000);
    expect(current.count).toBeGreaterThan(1000);
    expect([...steering.problems, ...current.problems].slice(0, 10)).toEqual([]);
  });

  it('prices every choice of a table with the same work per unit', () => {
    const cluster = {
      where: 'same-cluster',
      current: ['new-code'],
      storage: 'distributed-shared',
      'all-reach': 'yes',
      'cluster-launch': 'yes',
    };
    const advice = advise(table, cluster);
    const grid = advice.alternatives.find((x) => x.id === 'grid-sync')!;
    expect(grid.measurement?.workload).toBe('boundary_grid_sync');
    expect(advice.alternatives.find((x) => x.id === 'kernel-boundary')?.measurement?.workload).toBe(
      'boundary_launches',
    );
    expect(mixedWork(advice)).toEqual([]);
    // The check fails on a table that prices grid.sync() bare beside the kernel boundary's phase.
    const bare = { ...grid, measurement: { ...grid.measurement!, workload: 'grid_sync' } };
    const mixed = { ...advice, alternatives: advice.alternatives.map((x) => (x === grid ? bare : x)) };
    expect(mixedWork(mixed)).toEqual([
      "grid-sync priced by grid_sync, without the phase's work of the others",
    ]);
  });

  it('reaches every recommendation id', () => {
    expect([...steering.recommendations].sort()).toEqual([...RECOMMENDATION_IDS].sort());
  });

  it('reaches both outcomes: a recommendation and "not possible as described"', () => {
    expect([...steering.outcomes].sort()).toEqual([...OUTCOMES].sort());
  });

  it('reaches every hazard id', () => {
    expect([...new Set([...steering.hazards, ...current.hazards])].sort()).toEqual([...HAZARD_IDS].sort());
  });
});
