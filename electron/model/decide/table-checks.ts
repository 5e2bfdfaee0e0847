/**
 * The cross-references of a decision table that its shape (table-shape.ts) cannot say: every recommendation and
 * hazard id of types.ts described exactly once, answer ids unique per question, conditions naming existing questions
 * and answers (a `showIf` only earlier questions), every recommendation and hazard reachable from some rule,
 * rationale placeholders that can be filled, every snippet named declared and every declared snippet used.
 */
import type { z } from 'zod';

import { answerTests, type Condition } from './conditions';
import { checkPrices } from './table-prices-check';
import { RATIONALE_PLACEHOLDERS, RECOMMENDATION_SNIPPET, type Table } from './table-shape';
import { HAZARD_IDS, RECOMMENDATION_IDS } from './types';
import { withPhaseWork } from './work-units';

type Ctx = z.core.$RefinementCtx<Table>;
type Recommendation = Table['recommendations'][number];
type Rule = Table['rules'][number];

/** Reports every broken cross-reference of `table` on `ctx` (the refinement of DecisionTableSchema). */
export function checkReferences(table: Table, ctx: Ctx): void {
  const report = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  checkUnique(
    table.questions.map((q) => q.id),
    ['questions'],
    report,
  );
  checkUnique(
    table.rules.map((r) => r.id),
    ['rules'],
    report,
  );
  checkExactSet(
    table.recommendations.map((r) => r.id),
    RECOMMENDATION_IDS,
    ['recommendations'],
    report,
  );
  checkExactSet(
    table.hazards.map((h) => h.id),
    HAZARD_IDS,
    ['hazards'],
    report,
  );
  const answersOf = new Map(table.questions.map((q) => [q.id, q.answers.map((a) => a.id)]));
  table.questions.forEach((q, i) => {
    const path = ['questions', i];
    checkUnique(
      q.answers.map((a) => a.id),
      [...path, 'answers'],
      report,
    );
    if (q.default !== undefined && !answersOf.get(q.id)?.includes(q.default)) {
      report([...path, 'default'], `"${q.default}" is not an answer of "${q.id}"`);
    }
    checkExclusive(q, path, report);
    const earlier = new Set(table.questions.slice(0, i).map((e) => e.id));
    if (q.showIf) checkCondition(q.showIf, answersOf, earlier, [...path, 'showIf'], report);
    q.answers.forEach((a, j) => {
      if (a.showIf) checkCondition(a.showIf, answersOf, earlier, [...path, 'answers', j, 'showIf'], report);
    });
  });
  const allQuestions = new Set(answersOf.keys());
  table.rules.forEach((rule, i) => {
    checkCondition(rule.when, answersOf, allQuestions, ['rules', i, 'when'], report);
    if (rule.recommend) checkRecommend(rule.recommend, ['rules', i, 'recommend'], report);
    rule.impossible?.options.forEach((option, j) => {
      if ((option.id === 'release-acquire') !== (option.atomicScope !== undefined)) {
        report(
          ['rules', i, 'impossible', 'options', j, 'atomicScope'],
          'required for release-acquire and only for it',
        );
      }
    });
  });
  checkSnippets(table, report);
  checkPrices(table, report);
  checkReachable(table, report);
  table.recommendations.forEach((rec, i) => {
    checkRecommendation(rec, ['recommendations', i], report);
    rec.measure.forEach((m, j) => {
      if (m.when)
        checkCondition(m.when, answersOf, allQuestions, ['recommendations', i, 'measure', j, 'when'], report);
    });
  });
}

type Report = (path: PropertyKey[], message: string) => void;

function checkUnique(ids: string[], path: PropertyKey[], report: Report): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) report([...path, i, 'id'], `duplicate id "${id}"`);
    seen.add(id);
  });
}

function checkExactSet(
  ids: string[],
  expected: readonly string[],
  path: PropertyKey[],
  report: Report,
): void {
  checkUnique(ids, path, report);
  const missing = expected.filter((id) => !ids.includes(id));
  if (missing.length > 0) report(path, `missing ${missing.map((id) => `"${id}"`).join(', ')}`);
}

function checkCondition(
  condition: Condition,
  answersOf: ReadonlyMap<string, string[]>,
  askable: ReadonlySet<string>,
  path: PropertyKey[],
  report: Report,
): void {
  for (const test of answerTests(condition)) {
    const allowed = answersOf.get(test.q);
    if (!allowed) {
      report(path, `unknown question "${test.q}"`);
    } else if (!askable.has(test.q)) {
      report(path, `"${test.q}" is not asked before this question`);
    } else {
      for (const id of test.in.filter((a) => !allowed.includes(a))) {
        report(path, `"${id}" is not an answer of "${test.q}" (allowed: ${allowed.join(', ')})`);
      }
    }
  }
}

function checkRecommend(
  recommend: NonNullable<Rule['recommend']>,
  path: PropertyKey[],
  report: Report,
): void {
  const isFlag = recommend.id === 'release-acquire';
  if (isFlag !== (recommend.atomicScope !== undefined)) {
    report([...path, 'atomicScope'], 'required for release-acquire and only for it');
  }
  recommend.alternatives.forEach((alt, i) => {
    if (alt.id === recommend.id)
      report([...path, 'alternatives', i, 'id'], 'an alternative repeats the recommendation');
    if ((alt.id === 'release-acquire') !== (alt.atomicScope !== undefined)) {
      report([...path, 'alternatives', i, 'atomicScope'], 'required for release-acquire and only for it');
    }
  });
  checkUnique(
    recommend.alternatives.map((a) => a.id),
    [...path, 'alternatives'],
    report,
  );
}

function checkReachable(table: Table, report: Report): void {
  const recommended = new Set(table.rules.flatMap((r) => (r.recommend ? [r.recommend.id] : [])));
  const raised = new Set(table.rules.flatMap((r) => r.hazards ?? []));
  table.recommendations.forEach((rec, i) => {
    if (!recommended.has(rec.id)) report(['recommendations', i], `no rule recommends "${rec.id}"`);
  });
  table.hazards.forEach((hazard, i) => {
    if (!raised.has(hazard.id)) report(['hazards', i], `no rule raises "${hazard.id}"`);
  });
}

function checkRecommendation(rec: Recommendation, path: PropertyKey[], report: Report): void {
  for (const [, name] of rec.rationale.matchAll(/\{(\w+)\}/g)) {
    const known = (RATIONALE_PLACEHOLDERS as readonly string[]).includes(name ?? '');
    const fits =
      (name !== 'mask' || rec.needsMask) && (name !== 'atomicScope' || rec.id === 'release-acquire');
    if (!known || !fits)
      report([...path, 'rationale'], `placeholder {${name}} cannot be filled for "${rec.id}"`);
  }
  // A conditional measurement prices only some answers: the reason is still needed for the others.
  const always = rec.measure.filter((m) => !m.when);
  if ((always.length === 0) !== (rec.unmeasured !== null)) {
    report([...path, 'unmeasured'], 'give either measurements for every answer or the reason there are none');
  }
  // One measurement with the phase's own work and one without may both hold: the engine takes one per table.
  const keys = rec.measure.map(
    (m) => `${m.atomicScope ?? ''} ${JSON.stringify(m.when ?? null)} ${withPhaseWork(m.workload)}`,
  );
  if (
    rec.measure.length > 1 &&
    ((always.length > 1 &&
      always.some((m) => m.atomicScope === undefined) &&
      always.filter((m) => !withPhaseWork(m.workload)).length > 1) ||
      new Set(keys).size !== keys.length)
  ) {
    report([...path, 'measure'], 'several measurements need distinct atomicScope values (or conditions)');
  }
}

/** Every snippet id named anywhere is declared, none is declared twice or left unused. */
function checkSnippets(table: Table, report: Report): void {
  checkUnique(
    table.snippets.map((snippet) => snippet.id),
    ['snippets'],
    report,
  );
  const declared = new Set(table.snippets.map((snippet) => snippet.id));
  const used = new Set<string>();
  const use = (id: string | undefined, path: PropertyKey[]) => {
    if (id === undefined) return;
    used.add(id);
    if (!declared.has(id)) report(path, `unknown snippet "${id}" (declare it in snippets)`);
  };
  table.recommendations.forEach((rec, i) => use(rec.snippet, ['recommendations', i, 'snippet']));
  table.hazards.forEach((hazard, i) => {
    if (hazard.snippet !== RECOMMENDATION_SNIPPET) use(hazard.snippet, ['hazards', i, 'snippet']);
  });
  table.rules.forEach((rule, i) => {
    use(rule.recommend?.snippet, ['rules', i, 'recommend', 'snippet']);
    rule.impossible?.options.forEach((option, j) =>
      use(option.snippet, ['rules', i, 'impossible', 'options', j, 'snippet']),
    );
  });
  table.snippets.forEach((snippet, i) => {
    if (snippet.id === RECOMMENDATION_SNIPPET)
      report(['snippets', i, 'id'], `"${RECOMMENDATION_SNIPPET}" is reserved`);
    else if (!used.has(snippet.id))
      report(['snippets', i], `no recommendation, hazard or rule uses "${snippet.id}"`);
  });
}

/** `alone` and `exclusive` belong to multiple-choice questions, and a group names answers of its question. */
function checkExclusive(q: Table['questions'][number], path: PropertyKey[], report: Report): void {
  const ids = new Set(q.answers.map((a) => a.id));
  if (!q.multiple) {
    if (q.exclusive)
      report([...path, 'exclusive'], 'only a question with multiple: true has exclusive answers');
    q.answers.forEach((a, j) => {
      if (a.alone) report([...path, 'answers', j, 'alone'], 'only an answer of a multiple: true question');
    });
  }
  q.exclusive?.forEach((group, g) => {
    for (const id of group.filter((a) => !ids.has(a))) {
      report([...path, 'exclusive', g], `"${id}" is not an answer of "${q.id}"`);
    }
  });
}
