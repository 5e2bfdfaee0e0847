import { describe, expect, it } from 'vitest';

import { attachCosts } from '../../../electron/model/decide/costs';
import { advise } from '../../../electron/model/decide/engine';
import { adviseToMarkdown, sourceText } from '../../../electron/model/decide/markdown';
import { RULE_SOURCES } from '../../../electron/model/decide/types';
import { DECIDE_EN } from '../../../electron/model/words/en/decide';
import { DECIDE_ZH_CN } from '../../../electron/model/words/zh-CN/decide';
import { readFileSync } from 'node:fs';

import { ROOT, example, table } from './load';

describe('adviseToMarkdown', () => {
  it('shows the recommendation, mask, hazards with fixes, answers and sources', () => {
    const md = adviseToMarkdown(advise(table, example('shfl-full-mask-half-warp')));
    expect(md).toMatch(/^# Which barrier\? a \\\*\\_sync warp collective \(\\_\\_shfl\\_sync, /);
    expect(md).toContain('- **Recommendation:** `warp-collective`');
    expect(md).toContain('- **Scope:** warp');
    expect(md).toContain('- **Mask:** `0x0000ffff`');
    expect(md).toMatch(
      /\| \*\*Mask does not match the participating lanes\*\* \(`mask-mismatch`\) \| .* \| Pass the mask/,
    );
    expect(md).toContain(
      '| Which lanes of the warp take part? (`lanes`) | Lanes 0..15 (e.g. inside if (lane \\< 16)) (`lanes-0-15`) |',
    );
    expect(md).toContain(
      '| What are you after? (`goal`) | A correct ordering edge (`correctness`) (default) |',
    );
    expect(md).toContain('- `hz-mask-current`: the scope rules: masks');
    expect(md).not.toContain('## Cost per unit of work');
  });

  it('cites each source as a reader cites it, in English and in Chinese, never by an internal name', () => {
    const en = DECIDE_EN.adviceMarkdown;
    const zh = DECIDE_ZH_CN.adviceMarkdown;
    expect(sourceText('the scope rules: masks', en)).toBe('the scope rules: masks');
    expect(sourceText('chapter §4 row 2', en)).toBe('chapter §4 row 2');
    expect(sourceText('the scope rules: masks', zh)).toBe('作用域规则：掩码');
    expect(sourceText('chapter §4 row 2', zh)).toBe('原章节 §4 第 2 行');
    expect(sourceText('chapter §8 misconception 3', zh)).toBe('原章节 §8 误区 3');
    for (const source of RULE_SOURCES) {
      expect(sourceText(source, en)).toBe(source);
      // In Chinese: no English word left but API-like names (release/acquire, volatile).
      const words = sourceText(source, zh).replace(/release\/acquire|volatile/g, ' ');
      expect(words.match(/[A-Za-z]{3,}/g), source).toBeNull();
    }
    const md = adviseToMarkdown(advise(table, example('shfl-full-mask-half-warp')), zh);
    expect(md).toContain('- `hz-mask-current`: 作用域规则：掩码');
    expect(md).not.toMatch(/seed/);
  });

  it('shows the launch and the atomic scope', () => {
    const coop = adviseToMarkdown(advise(table, example('phases-keep-shared-state')));
    expect(coop).toMatch(
      /- \*\*Launch:\*\* cooperative \(cudaLaunchCooperativeKernel\); grid at most the co-resident limit/,
    );
    const flag = adviseToMarkdown(advise(table, example('counter-block-scope-atomic')));
    expect(flag).toContain('- **Atomic scope:** device (`cuda::thread_scope_device`)');
    expect(flag).toContain('- **Launch:** no special launch');
  });

  it('pastes the code of every snippet the advice names, from the snippet files', () => {
    const md = adviseToMarkdown(advise(table, example('lookback-block-index')));
    expect(md).toContain('- **Recommendation:** `ordered-look-back`');
    expect(md).toContain('(code: `lookback-ticket`)');
    const file = readFileSync(`${ROOT}resources/decision/snippets/lookback-ticket.cu`, 'utf8');
    expect(md).toContain(`\`\`\`cuda\n${file.trimEnd()}\n\`\`\``);
    // each snippet once, though the recommendation and the fix name the same one
    expect(md.split('### `lookback-ticket`').length).toBe(2);
  });

  it('shows "not possible as described" with its options and their costs, not a recommendation', () => {
    const advice = advise(table, example('shared-across-blocks'));
    const md = adviseToMarkdown(
      attachCosts(advice, [
        {
          id: 'cluster-sync',
          perSyncNs: 203.8,
          ciLowNs: 203.1,
          ciHighNs: 204.5,
          clusterSize: 2,
          label: 'cluster',
          source: { kind: 'reference', where: 'H200' },
        },
      ]),
    );
    expect(md).toMatch(/^# Which barrier\? Not possible as described\n/);
    expect(md).toContain('- **Outcome:** not possible as described');
    expect(md).not.toContain('**Recommendation:**');
    expect(md).not.toContain('## Measure this');
    expect(md).toContain('## Why not');
    expect(md).toMatch(/## What works instead\n\n\| Option \| When \| How \|/);
    expect(md).toMatch(
      /\| `cluster-sync`: cluster\.sync\(\) .*\| The blocks that exchange the value can form one/,
    );
    expect(md).toContain(
      '| `cluster-sync` | 204 | 203 to 205 | 204 ns: one this\\_cluster().sync() | per phase = 1 × one ' +
        'this\\_cluster().sync() | reference dataset, not this GPU: H200: cluster; priced at the smallest real ' +
        'cluster, 2 blocks launched with a cluster dimension (no cluster size was given) |',
    );
    expect(md).toContain('### `cluster-dsmem`');
  });

  it('writes an interval whose ends round alike with the decimals that tell them apart', () => {
    const advice = advise(table, example('shared-across-blocks'));
    const row = {
      id: 'cluster-sync',
      perSyncNs: 203.8,
      ciLowNs: 203.54,
      ciHighNs: 204.18,
      clusterSize: 2,
      label: 'cluster',
      source: { kind: 'reference', where: 'H200' },
    };
    expect(adviseToMarkdown(attachCosts(advice, [row]))).toContain(
      '| `cluster-sync` | 204 | 203.5 to 204.2 |',
    );
    const close = { ...row, perSyncNs: 14.131, ciLowNs: 14.1302, ciHighNs: 14.1349 };
    expect(adviseToMarkdown(attachCosts(advice, [close]))).toContain('| 14.1 | 14.130 to 14.135 |');
  });

  it('lists what migrating version-1 answers assumed', () => {
    const md = adviseToMarkdown(advise(table, example('table-v1-grid-sync-normal-launch')));
    expect(md).toContain(
      '## Migrated from an older table version\n\n- cluster-launch: "no" (version 1 assumed',
    );
    // The README's example is current: its advice has no migration section.
    expect(adviseToMarkdown(advise(table, example('grid-sync-normal-launch')))).not.toContain('Migrated');
  });

  it('says so when there are no hazards', () => {
    expect(adviseToMarkdown(advise(table, example('warps-share-tile')))).toContain(
      '## Hazards in the current approach\n\nNone found.',
    );
  });

  it('puts costs side by side with their sources, and what is missing', () => {
    const advice = attachCosts(advise(table, example('phases-global-only')), [
      {
        id: 'kernel-boundary',
        perSyncNs: 2512.4,
        ciLowNs: 2490.2,
        ciHighNs: 2530.9,
        label: '132 blocks',
        source: { kind: 'measured', where: 'H200 2026-05-01' },
      },
    ]);
    const md = adviseToMarkdown(advice);
    expect(md).toContain(
      '| Choice | ns per phase | 95% CI, ns per phase | Measured as | Conversion | Source |',
    );
    expect(md).toContain(
      '| **`kernel-boundary`** (recommended) | 2512 | 2490 to 2531 | 2512 ns: one phase + kernel launch boundary | ' +
        'per phase = 1 × one phase + kernel launch boundary (the phase’s own work, one update per thread, ' +
        'included) | measured on this machine: H200 2026-05-01: 132 blocks |',
    );
    expect(md).toContain(
      '| `grid-sync` | - | - | one phase + grid.sync() boundary | - | not measured yet: run mode kernel\\_boundary, ' +
        'workload boundary\\_grid\\_sync |',
    );
    expect(md).toContain('Every price is per phase, the unit of work these answers describe');
    expect(md).toContain(
      'Mode `kernel_boundary`, workload `boundary_launches`: one phase + kernel launch boundary.',
    );
  });

  it('escapes CUDA names so they render literally', () => {
    const md = adviseToMarkdown(advise(table, example('grid-sync-normal-launch')));
    expect(md).toContain('with \\<\\<\\<\\>\\>\\>');
    expect(md).toContain('cg::this\\_grid().sync()');
    expect(md).not.toMatch(/[^\\`]__sync/);
  });

  it('escapes pipes inside table cells', () => {
    const advice = advise(table, example('warps-share-tile'));
    const md = adviseToMarkdown({
      ...advice,
      alternatives: [{ ...advice.alternatives[0]!, why: 'a | b' }],
    });
    expect(md).toContain('a \\| b');
  });

  it('lists ignored answers', () => {
    const md = adviseToMarkdown(
      advise(table, { where: 'same-thread', current: 'new-code', storage: 'registers', lanes: 'all' }),
    );
    expect(md).toContain('Ignored (not asked for these answers): `lanes`.');
  });
});
