/**
 * Walks every path through the questions (one question at a time, as the wizard does) and checks that each complete
 * set of answers gets exactly one recommendation that respects the scope rules, and that every recommendation and
 * every hazard of the fixed sets is reachable.
 */
import { describe, expect, it } from 'vitest';

import { advise } from '../../../electron/core/decide/engine';
import type { Question } from '../../../electron/core/decide/table-schema';
import {
  HAZARD_IDS,
  OUTCOMES,
  RECOMMENDATION_IDS,
  type Advice,
  type Answers,
} from '../../../electron/core/decide/types';
import { paths, table } from './load';

const all = (q: Question) => q.answers.map((a) => a.id);
const BLOCK_LEVEL = ['syncwarp', 'warp-collective', 'syncthreads', 'named-barrier', 'cuda-barrier'];

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
