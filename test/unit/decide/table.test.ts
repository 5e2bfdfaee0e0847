import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { DecideError } from '../../../electron/model/decide/errors';
import { loadDecisionTable } from '../../../electron/core/decide/load-table';
import { parseDecisionTable } from '../../../electron/model/decide/table-schema';
import { HAZARD_IDS, RECOMMENDATION_IDS, SCOPE_RULES } from '../../../electron/model/decide/types';
import { ROOT, TABLE_FILE, fileTable, rawTable, table, type RawTable } from './load';

/** The error lines of parsing a mutated copy of the shipped table. */
function issuesOf(mutate: (t: RawTable) => void): string[] {
  const raw = rawTable();
  mutate(raw);
  try {
    parseDecisionTable(raw);
  } catch (err) {
    expect(err).toBeInstanceOf(DecideError);
    expect((err as DecideError).kind).toBe('table');
    return (err as DecideError).issues;
  }
  throw new Error('the broken table was accepted');
}

function ruleIndex(t: RawTable, id: string): number {
  const i = t.rules.findIndex((r) => r.id === id);
  if (i < 0) throw new Error(`no rule ${id}`);
  return i;
}

describe('the shipped decision table', () => {
  it('validates against the schema, format syncbench-decision-table version 2', () => {
    expect(table.format).toBe('syncbench-decision-table');
    expect(table.version).toBe(2);
  });

  it('describes every recommendation id and hazard id exactly once', () => {
    expect(table.recommendations.map((r) => r.id).sort()).toEqual([...RECOMMENDATION_IDS].sort());
    expect(table.hazards.map((h) => h.id).sort()).toEqual([...HAZARD_IDS].sort());
  });

  it('cites every row of the chapter §4 table, every §8 misconception and every scope rule', () => {
    const sources = new Set(table.rules.map((r) => r.source));
    for (const row of [1, 2, 3, 4, 5, 6]) expect(sources).toContain(`chapter §4 row ${row}`);
    for (const n of [1, 2, 3, 4, 5]) expect(sources).toContain(`chapter §8 misconception ${n}`);
    for (const rule of SCOPE_RULES) expect(sources).toContain(`the scope rules: ${rule}`);
  });

  it('asks the questions of the first table, with a lanes question whose answers carry masks', () => {
    const ids = table.questions.map((q) => q.id);
    for (const id of ['where', 'storage', 'all-reach', 'lanes', 'state', 'launch', 'grid-fits', 'current']) {
      expect(ids).toContain(id);
    }
    const where = table.questions.find((q) => q.id === 'where')?.answers.map((a) => a.id);
    expect(where).toEqual([
      'same-thread',
      'same-warp',
      'same-block',
      'same-cluster',
      'other-blocks',
      'later-kernel',
      'other-stream',
      'host',
      'other-device',
    ]);
    const lanes = table.questions.find((q) => q.id === 'lanes');
    expect(lanes?.answers.every((a) => a.mask)).toBe(true);
    expect(lanes?.answers.find((a) => a.id === 'lanes-0-15')?.mask?.value).toBe('0x0000ffff');
  });

  it('maps recommendations to measurements as data, naming workloads that exist in kernels/', () => {
    const measure = (id: string) => table.recommendations.find((r) => r.id === id)?.measure ?? [];
    const first = (id: string) => [measure(id)[0]?.mode, measure(id)[0]?.workload];
    expect(first('syncthreads')).toEqual(['block', 'syncthreads']);
    expect(first('syncwarp')).toEqual(['warp', 'syncwarp']);
    expect(first('grid-sync')).toEqual(['grid', 'grid_sync']);
    expect(first('kernel-boundary')[1]).toBe('boundary_launches');
    expect(first('cluster-sync')[1]).toBe('cluster_sync');
    expect(first('named-barrier')[1]).toBe('named_barrier');
    expect(first('cuda-barrier')[1]).toBe('cuda_barrier');
    expect(first('stream-sync')[1]).toBe('host_stream_sync');
    expect(first('event-sync')[1]).toBe('host_event_sync');
    expect(first('device-sync')[1]).toBe('host_device_sync');
    expect(measure('release-acquire').map((m) => [m.atomicScope, m.workload, m.param])).toEqual([
      ['block', 'handoff_warps', 0],
      ['device', 'handoff_blocks', 1],
      ['system', 'handoff_host', 2],
      ['system', 'peer_handoff', 0],
    ]);
    const kernels = readdirSync(`${ROOT}kernels`)
      .filter((f) => f.endsWith('.cu'))
      .map((f) => readFileSync(`${ROOT}kernels/${f}`, 'utf8'))
      .join('\n');
    for (const m of table.recommendations.flatMap((r) => r.measure)) {
      // A workload table entry: `.id = "<id>"` (designated initializers) or `{{"<id>",` (positional).
      expect(kernels, m.workload).toMatch(new RegExp(`\\.id = "${m.workload}"|\\{\\{"${m.workload}",`));
    }
  });

  it("pastes no code of its own: statements live in the snippets (labels may quote the user's code)", () => {
    const texts = [
      ...table.hazards.flatMap((h) => [h.explanation, h.fix]),
      ...table.recommendations.map((r) => r.rationale),
      ...table.rules.flatMap((r) => [
        r.recommend?.because,
        r.note,
        r.impossible?.because,
        ...(r.impossible?.options.map((o) => o.why) ?? []),
      ]),
    ].filter((t): t is string => t !== undefined);
    // a statement: a call or assignment ended by ";", or a braced block
    const code = /\w\([^()]*\)\s*;|\w\s*=\s*[^=;]+;|\{[^}]*;[^}]*\}/;
    expect(texts.filter((t) => code.test(t))).toEqual([]);
    expect(code.test('if (tid < n) { work } __syncthreads();')).toBe(true);
  });

  it('holds no cost numbers (the caller supplies them)', () => {
    const text = readFileSync(TABLE_FILE, 'utf8');
    expect(text).not.toMatch(/perSyncNs|"ns"|"cycles"/);
  });
});

describe('a broken decision table', () => {
  it('names an unknown snippet, an unused one and a PTX pattern that is not a regular expression', () => {
    const issues = issuesOf((t) => {
      const h = t.hazards.find((x) => x.id === 'shfl-source-outside-mask')!;
      h.snippet = 'no-such-snippet';
      (t.snippets[0] as { ptx?: string[] }).ptx = ['st.release.gpu('];
    }).join('\n');
    expect(issues).toMatch(
      /hazards\[\d+ "shfl-source-outside-mask"\]\.snippet: unknown snippet "no-such-snippet"/,
    );
    expect(issues).toMatch(
      /snippets\[\d+ "shfl-source-in-mask"\]: no recommendation, hazard or rule uses "shfl-source-in-mask"/,
    );
    expect(issues).toMatch(
      /snippets\[0 "same-thread-program-order"\]\.ptx\[0\]: expected a regular expression/,
    );
  });

  it('rejects a rule that gives both a recommendation and "not possible"', () => {
    const issues = issuesOf((t) => {
      const np = t.rules[ruleIndex(t, 'np-shared-across-blocks')]! as { recommend?: unknown };
      np.recommend = t.rules[ruleIndex(t, 'rec-block')]!.recommend;
    });
    expect(issues.join('\n')).toContain('either a recommendation or "not possible"');
  });

  it('names the rule and field of an unknown hazard id', () => {
    const issues = issuesOf((t) => {
      t.rules[ruleIndex(t, 'hz-volatile')]!.hazards = ['volatile-is-fine'];
    });
    expect(issues.join('\n')).toMatch(/rules\[\d+ "hz-volatile"\]\.hazards\[0\]/);
  });

  it('lists a missing recommendation', () => {
    const issues = issuesOf((t) => {
      t.recommendations = t.recommendations.filter((r) => r.id !== 'device-sync');
    });
    expect(issues).toContain('recommendations: missing "device-sync"');
  });

  it('reports a hazard no rule raises', () => {
    const issues = issuesOf((t) => {
      t.rules = t.rules.filter((r) => r.id !== 'hz-profiler');
    });
    expect(issues.join('\n')).toMatch(/hazards\[\d+ "profiler-timing"\]: no rule raises "profiler-timing"/);
  });

  it('names the answer of a malformed mask', () => {
    const issues = issuesOf((t) => {
      t.questions.find((q) => q.id === 'lanes')!.answers[1]!.mask!.value = '0xffff';
    });
    expect(issues.join('\n')).toMatch(
      /questions\[\d+ "lanes"\]\.answers\[1 "lanes-0-15"\]\.mask\.value: expected 8 hex/,
    );
  });

  it('rejects a showIf that looks at a later question', () => {
    const issues = issuesOf((t) => {
      t.questions.find((q) => q.id === 'lanes')!.showIf = { q: 'goal', in: ['correctness'] };
    });
    expect(issues.join('\n')).toContain('"goal" is not asked before this question');
  });

  it('rejects a condition with an unknown answer, listing the allowed ones', () => {
    const issues = issuesOf((t) => {
      t.rules[ruleIndex(t, 'rec-block')]!.when = { q: 'where', in: ['same-blok'] };
    });
    expect(issues.join('\n')).toMatch(
      /rules\[\d+ "rec-block"\]\.when: "same-blok" is not an answer of "where" \(allowed: same-thread, /,
    );
  });

  it('rejects a condition on an unknown question', () => {
    const issues = issuesOf((t) => {
      t.rules[ruleIndex(t, 'rec-block')]!.when = { q: 'were', in: ['same-block'] };
    });
    expect(issues.join('\n')).toContain('unknown question "were"');
  });

  it('rejects a source that is not a chapter row, misconception or scope rule', () => {
    const issues = issuesOf((t) => {
      t.rules[0]!.source = 'common sense';
    });
    expect(issues.join('\n')).toMatch(/rules\[0 "rec-same-thread"\]\.source: expected "chapter §4 row N"/);
    expect(issues.join('\n')).toContain('"the scope rules: <rule>"');
  });

  it('rejects duplicate answer ids', () => {
    const issues = issuesOf((t) => {
      const where = t.questions[0]!;
      where.answers.push({ ...where.answers[0]! });
    });
    expect(issues.join('\n')).toMatch(
      /questions\[0 "where"\]\.answers\[9 "same-thread"\]\.id: duplicate id "same-thread"/,
    );
  });

  it('rejects a wrong format or version', () => {
    expect(issuesOf((t) => (t.format = 'something-else')).join('\n')).toMatch(/^format: /);
  });

  it('rejects a rule that does nothing', () => {
    const issues = issuesOf((t) => {
      const rule = t.rules[ruleIndex(t, 'note-phases')]!;
      delete rule.note;
    });
    expect(issues.join('\n')).toContain('a rule needs at least one of recommend, impossible, hazards, note');
  });

  it('rejects a rationale placeholder that cannot be filled', () => {
    const issues = issuesOf((t) => {
      t.recommendations.find((r) => r.id === 'syncthreads')!.rationale += ' Mask {mask}.';
    });
    expect(issues.join('\n')).toContain('placeholder {mask} cannot be filled for "syncthreads"');
  });

  it('requires an atomic scope on release-acquire recommendations', () => {
    const issues = issuesOf((t) => {
      delete t.rules[ruleIndex(t, 'rec-grid-counter')]!.recommend!.atomicScope;
    });
    expect(issues.join('\n')).toMatch(/recommend\.atomicScope: required for release-acquire/);
  });
});

describe('loadDecisionTable', () => {
  const dir = mkdtempSync(join(tmpdir(), 'decide-'));

  it('names a file it cannot read', () => {
    expect(() => loadDecisionTable(join(dir, 'absent.json'))).toThrow(
      /cannot read decision table .*absent\.json/,
    );
  });

  it('names a file that is not JSON', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{ "format": ');
    expect(() => loadDecisionTable(file)).toThrow(/decision table .*bad\.json is not JSON/);
  });

  it('names the file and the bad field of an invalid table', () => {
    const raw = fileTable();
    raw.hazards[0]!.id = 'oops';
    const file = join(dir, 'invalid.json');
    cpSync(join(ROOT, 'resources/decision/snippets'), join(dir, 'snippets'), { recursive: true });
    writeFileSync(file, JSON.stringify(raw));
    expect(() => loadDecisionTable(file)).toThrow(
      /invalid decision table .*invalid\.json:\n {2}- hazards\[0 "oops"\]\.id/,
    );
  });

  it('names a declared snippet whose .cu file is missing', () => {
    const file = join(dir, 'no-snippet.json');
    cpSync(join(ROOT, 'resources/decision/snippets'), join(dir, 'snippets'), { recursive: true });
    rmSync(join(dir, 'snippets', 'lookback-ticket.cu'));
    writeFileSync(file, JSON.stringify(fileTable()));
    expect(() => loadDecisionTable(file)).toThrow(
      /snippets\[\d+ "lookback-ticket"\]: cannot read .*lookback-ticket\.cu/,
    );
  });

  it("reads each snippet's code from its file, not from the table", () => {
    expect(fileTable().snippets.every((s) => s.code === undefined)).toBe(true);
    for (const s of table.snippets) {
      expect(s.code).toBe(readFileSync(join(ROOT, 'resources/decision/snippets', `${s.id}.cu`), 'utf8'));
    }
  });
});
