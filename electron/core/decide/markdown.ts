/**
 * The advice as Markdown: the wizard's summary card export and `syncbench advise --format md`.
 * Text from the table is escaped so CUDA names render literally (`__syncthreads` is not bold, `<<<>>>` is not HTML).
 */
import type { AdviceWithCosts, Cost } from './costs';
import type { Advice, LaunchRequirement, Measurement } from './types';

/**
 * Renders advice (with or without attached costs) as a Markdown document: recommendation, scope, launch, mask or
 * atomic scope, hazards with fixes, rationale, alternatives, costs labelled by source, what to measure, the answers
 * and the rules that fired. Pure; never throws.
 */
export function adviseToMarkdown(advice: Advice | AdviceWithCosts): string {
  const lines: string[] = [
    `# Which barrier? ${prose(advice.title)}`,
    '',
    `- **Recommendation:** \`${advice.recommendation}\`: ${prose(advice.title)}`,
    `- **Scope:** ${advice.scope}`,
    `- **Launch:** ${prose(launchText(advice.launch))}`,
  ];
  if (advice.mask) lines.push(`- **Mask:** \`${advice.mask.expression}\``);
  if (advice.atomicScope) {
    lines.push(`- **Atomic scope:** ${advice.atomicScope} (\`cuda::thread_scope_${advice.atomicScope}\`)`);
  }
  lines.push('', '## Hazards in the current approach', '');
  if (advice.hazards.length === 0) {
    lines.push('None found.');
  } else {
    const rows = advice.hazards.map((h) => [
      `**${prose(h.title)}** (\`${h.id}\`)`,
      prose(h.explanation),
      prose(h.fix),
    ]);
    lines.push(...table(['Hazard', 'Why', 'Fix'], rows));
  }
  lines.push('', '## Rationale', '', prose(advice.rationale), '', '## Alternatives', '');
  if (advice.alternatives.length === 0) {
    lines.push('None: this is the only valid choice.');
  } else {
    const rows = advice.alternatives.map((a) => [`\`${a.id}\`: ${prose(a.title)}`, prose(a.why)]);
    lines.push(...table(['Alternative', 'Why it ranks lower'], rows));
  }
  if ('costs' in advice) lines.push('', '## Cost per sync', '', ...costTable(advice.costs));
  lines.push('', '## Measure this', '');
  lines.push(
    advice.measurement ? measureText(advice.measurement) : prose(advice.unmeasured ?? 'Nothing measures it.'),
  );
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

function launchText(launch: LaunchRequirement | null): string {
  if (!launch) return 'no special launch';
  const parts: string[] = [];
  if (launch.cooperative) parts.push('cooperative (cudaLaunchCooperativeKernel)');
  if (launch.gridLimit) parts.push(`grid at most the ${launch.gridLimit}`);
  if (launch.clusterDims) parts.push(`cluster dims: ${launch.clusterDims}`);
  if (launch.minComputeCapability) parts.push(`compute capability ${launch.minComputeCapability} or newer`);
  return parts.join('; ');
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
      cost.sourceLabel ? `${cost.sourceLabel}${cost.label ? `: ${cost.label}` : ''}` : (cost.missing ?? '-'),
    ),
  ];
  return table(
    ['Choice', 'ns per unit', 'Unit', 'Source'],
    [row(costs.recommendation, true), ...costs.alternatives.map((c) => row(c, false))],
  );
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
