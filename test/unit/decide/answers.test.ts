import { describe, expect, it } from 'vitest';

import { parseAnswers } from '../../../electron/model/decide/answers';
import { advise, nextQuestion, visibleQuestions } from '../../../electron/model/decide/engine';
import { DecideError } from '../../../electron/model/decide/errors';
import { excludes, tick } from '../../../electron/model/decide/exclusive';
import { parseDecisionTable } from '../../../electron/model/decide/table-schema';
import type { Answers } from '../../../electron/model/decide/types';
import { example, table } from './load';

function answersError(raw: unknown): DecideError {
  try {
    advise(table, raw);
  } catch (err) {
    expect(err).toBeInstanceOf(DecideError);
    return err as DecideError;
  }
  throw new Error('the answers were accepted');
}

describe('answers validation', () => {
  it('rejects an unknown question id, listing the known ones', () => {
    const err = answersError({ ...(example('warps-share-tile') as Answers), wher: 'same-block' });
    expect(err.kind).toBe('answers');
    expect(err.issues).toEqual([
      expect.stringMatching(/^wher: unknown question id "wher" \(known: where, current, storage, lanes, /),
    ]);
  });

  it('rejects an unknown answer id, listing the allowed ones for that question', () => {
    const err = answersError({
      where: 'same-warp',
      current: ['new-code'],
      storage: 'shared',
      lanes: 'lanes-0-16',
    });
    expect(err.issues).toEqual([
      'lanes: unknown answer id "lanes-0-16" for question "lanes" (allowed: all, lanes-0-15, lanes-16-31, lanes-0-7, even, odd, data-dependent, loop-exit)',
    ]);
  });

  it('rejects a list for a single-answer question and a repeated id', () => {
    expect(answersError({ where: ['same-warp', 'same-block'] }).issues).toContain(
      'where: question "where" takes one answer id, not a list',
    );
    expect(answersError({ where: 'host', current: ['nothing', 'nothing'] }).issues).toContain(
      'current: an answer id is repeated',
    );
  });

  it('rejects values that are not answer ids', () => {
    expect(answersError({ where: 3 }).issues[0]).toMatch(/^where: /);
    expect(answersError(['where']).issues[0]).toMatch(/^\(root\): /);
  });

  it('names each asked question left unanswered, with its answers', () => {
    const err = answersError({ where: 'same-warp', current: ['new-code'], storage: 'shared' });
    expect(err.message).toMatch(/^incomplete answers:/);
    expect(err.issues).toEqual([
      'lanes: "Which lanes of the warp take part?" needs an answer (allowed: all, lanes-0-15, lanes-16-31, lanes-0-7, even, odd, data-dependent, loop-exit)',
      'all-reach: "Does every thread of the group reach the sync point, the same number of times?" needs an answer (allowed: yes, early-return, inside-branch, varying-trip-count)',
    ]);
  });

  it('accepts a "$comment" string and drops it', () => {
    const parsed = parseAnswers(table, example('warps-share-tile'));
    expect(Object.keys(parsed)).not.toContain('$comment');
    expect(
      answersError({ $comment: 1, where: 'same-thread', current: 'new-code', storage: 'registers' }).issues,
    ).toEqual(['$comment: a comment is a string']);
  });

  it('ignores (and reports) answers to questions not asked', () => {
    const a = advise(table, {
      where: 'same-thread',
      current: 'new-code',
      storage: 'registers',
      lanes: 'all',
    });
    expect(a.ignored).toEqual(['lanes']);
    expect(a.recommendation).toBe('none');
  });

  it('fills optional questions from their defaults and marks them', () => {
    const a = advise(table, { where: 'same-thread', current: 'new-code', storage: 'registers' });
    expect(a.answers.map((x) => [x.question, x.defaulted])).toEqual([
      ['where', false],
      ['current', false],
      ['storage', false],
      ['goal', true],
    ]);
  });

  it('accepts one current mechanism as a string or several as a list', () => {
    const one = advise(table, { ...(example('warps-share-tile') as Answers), current: 'volatile-flag' });
    expect(one.hazards.map((h) => h.id)).toEqual(['volatile-sync']);
    const two = advise(table, {
      ...(example('warps-share-tile') as Answers),
      current: ['volatile-flag', 'syncwarp'],
    });
    expect(two.hazards.map((h) => h.id)).toEqual(['warp-sync-for-block', 'volatile-sync']);
  });
});

describe('one question at a time', () => {
  it('asks where first, then how it is synchronized today, then storage', () => {
    expect(nextQuestion(table, {})?.id).toBe('where');
    expect(nextQuestion(table, { where: 'same-warp' })?.id).toBe('current');
    expect(nextQuestion(table, { where: 'same-warp', current: 'new-code' })?.id).toBe('storage');
  });

  it('asks only the questions relevant to the answers so far', () => {
    const ids = (answers: Answers) => visibleQuestions(table, answers).map((q) => q.id);
    expect(ids({ where: 'same-warp' })).toEqual([
      'where',
      'current',
      'storage',
      'lanes',
      'all-reach',
      'goal',
    ]);
    expect(ids({ where: 'same-block' })).toEqual([
      'where',
      'current',
      'storage',
      'block-pattern',
      'all-reach',
      'goal',
    ]);
    expect(ids({ where: 'other-blocks', 'grid-pattern': 'all-blocks-phase' })).toEqual([
      'where',
      'current',
      'storage',
      'grid-pattern',
      'all-reach',
      'state',
      'cluster-launch',
      'launch',
      'grid-fits',
      'goal',
    ]);
    expect(ids({ where: 'other-blocks', 'grid-pattern': 'last-block' })).toEqual([
      'where',
      'current',
      'storage',
      'grid-pattern',
      'all-reach',
      'goal',
    ]);
    expect(ids({ where: 'host', 'while-running': 'no', 'host-action': 'read-result' })).toEqual([
      'where',
      'current',
      'storage',
      'while-running',
      'host-action',
      'queue-after',
      'host-schedule',
      'goal',
    ]);
    expect(ids({ where: 'host', 'while-running': 'yes' })).toEqual([
      'where',
      'current',
      'storage',
      'while-running',
      'goal',
    ]);
    expect(ids({ where: 'later-kernel', goal: 'fewer-syncs' })).toEqual([
      'where',
      'current',
      'storage',
      'prologue',
      'goal',
      'timing',
    ]);
  });

  it('does not ask how the kernel is launched when grid.sync says it already', () => {
    const ids = visibleQuestions(table, {
      where: 'other-blocks',
      current: ['grid-sync-normal'],
      'grid-pattern': 'all-blocks-phase',
    }).map((q) => q.id);
    expect(ids).not.toContain('launch');
    expect(ids).toContain('grid-fits');
  });

  it('returns null once every asked question has an explicit answer', () => {
    const answers = { ...(example('warps-share-tile') as Answers) };
    expect(nextQuestion(table, answers)?.id).toBe('goal');
    expect(nextQuestion(table, { ...answers, goal: 'correctness' })).toBeNull();
  });
});

describe('answers offered after the earlier answers', () => {
  const DEVICE_BARRIERS = [
    'syncthreads',
    'syncwarp',
    'syncwarp-mask',
    'shfl-full-mask',
    'activemask',
    'shfl-own-mask',
    'warp-synchronous',
    'named-barrier',
    'cuda-barrier',
    'cluster-sync',
    'grid-sync-normal',
    'grid-sync-coop',
  ];
  const offered = (where: string) =>
    visibleQuestions(table, { where })
      .find((q) => q.id === 'current')!
      .answers.map((a) => a.id);

  it.each([
    ['host', false],
    ['same-block', true],
    ['other-blocks', true],
    ['other-stream', true],
  ] as const)("where=%s offers device barriers as today's sync: %s", (where, barriers) => {
    const ids = offered(where);
    for (const id of DEVICE_BARRIERS) expect(ids.includes(id), id).toBe(barriers);
    expect(ids).toEqual(expect.arrayContaining(['new-code', 'nothing']));
  });

  const HOST_CALLS = [
    'device-sync',
    'stream-sync',
    'event-sync',
    'stream-wait-event',
    'read-after-async-copy',
  ];
  it.each([
    ['same-warp', false],
    ['same-block', false],
    ['same-cluster', true],
    ['other-blocks', true],
    ['other-stream', true],
    ['host', true],
  ] as const)("where=%s offers host calls as today's sync: %s", (where, hostCalls) => {
    const ids = offered(where);
    for (const id of HOST_CALLS) expect(ids.includes(id), id).toBe(hostCalls);
  });

  const storage = (where: string) =>
    visibleQuestions(table, { where, current: 'new-code' })
      .find((q) => q.id === 'storage')!
      .answers.map((a) => a.id);
  it('offers no registers or shared memory for work in another stream', () => {
    expect(storage('other-stream')).not.toEqual(expect.arrayContaining(['registers']));
    expect(storage('other-stream').filter((id) => /shared|registers/.test(id))).toEqual([]);
    expect(storage('same-block')).toEqual(expect.arrayContaining(['registers', 'shared', 'global']));
  });

  it('refuses a host call for warps of one block, naming what is offered', () => {
    expect(() =>
      advise(table, { ...(example('warps-share-tile') as Answers), current: ['device-sync'] }),
    ).toThrow(/current: "device-sync" not offered after the earlier answers/);
  });

  it('refuses a device barrier for a host producer, naming what is offered', () => {
    expect(() =>
      advise(table, {
        where: 'host',
        current: ['syncthreads', 'stream-sync'],
        storage: 'host-pinned',
        'host-action': 'provide-input',
        'while-running': 'no',
      }),
    ).toThrow(/current: "syncthreads" not offered after the earlier answers \(offered: new-code, nothing, /);
  });
});

describe('answers that exclude each other', () => {
  const tile = example('warps-share-tile') as Answers;
  const current = table.questions.find((q) => q.id === 'current')!;

  it('the table declares them: "Nothing yet" and "Nothing" alone, grid.sync() launched one way', () => {
    expect(current.answers.filter((a) => a.alone).map((a) => a.id)).toEqual(['new-code', 'nothing']);
    expect(excludes(current, 'nothing', 'syncthreads')).toBe(true);
    expect(excludes(current, 'new-code', 'nothing')).toBe(true);
    expect(excludes(current, 'grid-sync-normal', 'grid-sync-coop')).toBe(true);
    expect(excludes(current, 'syncthreads', 'syncwarp')).toBe(false);
  });

  it('refuses a contradictory answers object, naming the pair', () => {
    expect(() => advise(table, { ...tile, current: ['nothing', 'syncthreads'] })).toThrow(
      /contradictory answers:\n {2}- current: "nothing" and "syncthreads" exclude each other/,
    );
  });

  it('a tick drops the answers it excludes', () => {
    expect(tick(current, ['syncthreads', 'syncwarp'], 'nothing')).toEqual(['nothing']);
    expect(tick(current, ['nothing'], 'syncthreads')).toEqual(['syncthreads']);
    expect(tick(current, ['syncthreads', 'grid-sync-normal'], 'grid-sync-coop')).toEqual([
      'syncthreads',
      'grid-sync-coop',
    ]);
  });

  it('a table with exclusive answers on a single-choice question, or naming an unknown answer, is refused', () => {
    const raw = JSON.parse(JSON.stringify(table)) as {
      questions: { id: string; multiple?: boolean; exclusive?: string[][] }[];
    };
    const where = raw.questions.find((q) => q.id === 'where')!;
    where.exclusive = [['host', 'same-warp']];
    raw.questions.find((q) => q.id === 'current')!.exclusive = [['nothing', 'no-such-answer']];
    expect(() => parseDecisionTable(raw)).toThrow(
      /questions\[0 "where"\]\.exclusive: only a question with multiple: true[\s\S]*"no-such-answer" is not an answer of "current"/,
    );
  });
});
