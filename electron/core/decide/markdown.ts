/**
 * The advice as Markdown: the wizard's summary card export and `syncbench advise --format md`.
 * Text from the table is escaped so CUDA names render literally (`__syncthreads` is not bold, `<<<>>>` is not HTML).
 */
import type { AdviceWithCosts, Cost } from './costs';
import { launchText } from './launch-text';
import type { Advice, AdviceSnippet, Measurement } from './types';

/**
 * Renders advice (with or without attached costs) as a Markdown document: recommendation, scope, launch, mask or
 * atomic scope (or "not possible as described" with the options that work instead), hazards with fixes, rationale,
 * alternatives, costs labelled by source, what to measure, the snippets' code, the answers and the rules that fired.
 * Pure; never throws.
 */
export function adviseToMarkdown(advice: Advice | AdviceWithCosts): string {
  const possible = advice.outcome === 'recommendation';
  const lines: string[] = [`# Which barrier? ${prose(advice.title)}`, ''];
  if (possible) {
    lines.push(
      `- **Recommendation:** \`${advice.recommendation}\`: ${prose(advice.title)}`,
      `- **Scope:** ${advice.scope}`,
      `- **Launch:** ${prose(launchText(advice.launch))}`,
    );
  } else {
    lines.push('- **Outcome:** not possible as described: no mechanism makes this hand-off work as it is.');
  }
  if (advice.mask) lines.push(`- **Mask:** \`${advice.mask.expression}\``);
  if (advice.atomicScope) {
    lines.push(`- **Atomic scope:** ${advice.atomicScope} (\`cuda::thread_scope_${advice.atomicScope}\`)`);
  }
  if (advice.migrated.length > 0) {
    lines.push(
      '',
      '## Migrated from an older table version',
      '',
      ...advice.migrated.map((m) => `- ${prose(m)}`),
    );
  }
  lines.push('', '## Hazards in the current approach', '');
  if (advice.hazards.length === 0) {
    lines.push('None found.');
  } else {
    const rows = advice.hazards.map((h) => [
      `**${prose(h.title)}** (\`${h.id}\`)`,
      prose(h.explanation),
      `${prose(h.fix)} (code: \`${h.snippet.id}\`)`,
    ]);
    lines.push(...table(['Hazard', 'Why', 'Fix'], rows));
  }
  lines.push('', possible ? '## Rationale' : '## Why not', '', prose(advice.rationale));
  if (possible) {
    lines.push('', '## Alternatives', '');
    if (advice.alternatives.length === 0) {
      lines.push('None: this is the only valid choice.');
    } else {
      const rows = advice.alternatives.map((a) => [`\`${a.id}\`: ${prose(a.title)}`, prose(a.why)]);
      lines.push(...table(['Alternative', 'Why it ranks lower'], rows));
    }
  } else {
    lines.push('', '## What works instead', '');
    const rows = advice.options.map((o) => [
      `\`${o.id}\`: ${prose(o.title)}`,
      prose(o.when),
      prose(o.why) + ` (code: \`${o.snippet.id}\`)`,
    ]);
    lines.push(...table(['Option', 'When', 'How'], rows));
  }
  if ('costs' in advice) lines.push('', '## Cost per sync', '', ...costTable(advice.costs));
  if (possible) {
    lines.push('', '## Measure this', '');
    lines.push(
      advice.measurement
        ? measureText(advice.measurement)
        : prose(advice.unmeasured ?? 'Nothing measures it.'),
    );
  }
  lines.push('', '## Code', '', ...codeBlocks(advice));
  lines.push('', '## Answers', '');
  const answerRows = advice.answers.map((a) => [
    `${prose(a.text)} (\`${a.question}\`)`,
    a.answers.map((x) => `${prose(x.label)} (\`${x.id}\`)`).join('; ') + (a.defaulted ? ' (default)' : ''),
  ]);
  lines.push(...table(['Question', 'Answer'], answerRows));
  if (advice.ignored.length > 0) {
    lines.push(
      '',
      `Ignored (not asked for these answers): ${advice.ignored.map((id) => `\`${id}\``).join(', ')}.`,
    );
  }
  lines.push('', '## Sources', '', ...advice.sources.map((s) => `- \`${s.rule}\`: ${s.source}`));
  return `${lines.join('\n')}\n`;
}

/** Every snippet of the advice once (recommendation, options, hazard fixes), as fenced CUDA blocks. */
function codeBlocks(advice: Advice): string[] {
  const snippets = new Map<string, AdviceSnippet>();
  for (const s of [
    advice.snippet,
    ...advice.options.map((o) => o.snippet),
    ...advice.hazards.map((h) => h.snippet),
  ]) {
    if (s && !snippets.has(s.id)) snippets.set(s.id, s);
  }
  return [...snippets.values()].flatMap((s) => [
    `### \`${s.id}\`: ${prose(s.title)}`,
    '',
    '```cuda',
    s.code.trimEnd(),
    '```',
    '',
  ]);
}

function measureText(m: Measurement): string {
  const param = m.param === null ? '' : ` (param ${m.param})`;
  return `Mode \`${m.mode}\`, workload \`${m.workload}\`${param}: ${prose(m.unit)}.`;
}

function costTable(costs: AdviceWithCosts['costs']): string[] {
  const row = (cost: Cost, recommended: boolean) => [
    recommended ? `**\`${cost.id}\`** (recommended)` : `\`${cost.id}\``,
    cost.perSyncNs === null ? '-' : formatNs(cost.perSyncNs),
    prose(cost.measurement?.unit ?? '-'),
    prose(
      (cost.sourceLabel
        ? `${cost.sourceLabel}${cost.label ? `: ${cost.label}` : ''}`
        : (cost.missing ?? '-')) + scheduleNote(cost),
    ),
  ];
  return table(
    ['Choice', 'ns per unit', 'Unit', 'Source'],
    [
      ...(costs.recommendation ? [row(costs.recommendation, true)] : []),
      ...costs.alternatives.map((c) => row(c, false)),
      ...costs.options.map((c) => row(c, false)),
    ],
  );
}

/** A host wait's scheduling flag and the other flags' figures ("; host flag spin (for auto); yield 9924 ns"). */
function scheduleNote(cost: Cost): string {
  if (!cost.schedule) return '';
  const { asked, measured } = cost.schedule;
  const flag = asked === measured ? measured : `${measured} (for ${asked})`;
  const others = cost.otherSchedules.map((o) => `${o.schedule} ${formatNs(o.perSyncNs)} ns`);
  return `; host scheduling flag ${flag}${others.length ? `; with ${others.join(', ')}` : ''}`;
}

/** Three significant digits below 100 ns, whole nanoseconds above. */
function formatNs(ns: number): string {
  return ns >= 100 ? String(Math.round(ns)) : String(Number(ns.toPrecision(3)));
}

/** Escapes Markdown emphasis, HTML and link characters in plain text. */
function prose(text: string): string {
  return text.replace(/[\\*_<>[\]`]/g, '\\$&');
}

function table(header: string[], rows: string[][]): string[] {
  const line = (cells: string[]) =>
    `| ${cells.map((c) => c.replaceAll('|', '\\|').replaceAll('\n', ' ')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)];
}
