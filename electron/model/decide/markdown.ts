/**
 * The advice as Markdown: the wizard's summary card export and `syncbench advise --format md`.
 * Text from the table is escaped so CUDA names render literally (`__syncthreads` is not bold, `<<<>>>` is not HTML).
 */
import { wordsText } from './advice-prose';
import type { AdviceWithCosts, Cost } from './cost-types';
import {
  PRICE_WORDS,
  ciText,
  clusterText,
  conversionText,
  footnoteText,
  perWorkHeader,
  type PriceWords,
} from './price-text';
import { LAUNCH_WORDS, launchText, type LaunchWords } from './launch-text';
import { SCOPE_RULES_PREFIX, type Advice, type AdviceSnippet, type Measurement } from './types';
import { DECIDE_EN } from '../words/en/decide';
import type { AdviceMarkdownWords } from '../words/decide';

export type { AdviceMarkdownWords };

/** The English words (words/en/decide.ts): what `syncbench advise --format md` prints. */
export const ADVICE_MARKDOWN_WORDS: AdviceMarkdownWords = DECIDE_EN.adviceMarkdown;

/**
 * Renders advice (with or without attached costs) as a Markdown document: recommendation, scope, launch, mask or
 * atomic scope (or "not possible as described" with the options that work instead), hazards with fixes, rationale,
 * alternatives, costs labelled by source, what to measure, the snippets' code, the answers and the rules that fired.
 * `words` and `launchWords` are the export's own words (English by default); the advice's texts are shown as they
 * are. Pure; never throws.
 */
export function adviseToMarkdown(
  advice: Advice | AdviceWithCosts,
  words: AdviceMarkdownWords = ADVICE_MARKDOWN_WORDS,
  launchWords: LaunchWords = LAUNCH_WORDS,
  priceWords: PriceWords = PRICE_WORDS,
): string {
  const w = words;
  const code = (id: string) => wordsText(w.code, { id: `\`${id}\`` });
  const possible = advice.outcome === 'recommendation';
  const lines: string[] = [`# ${wordsText(w.heading, { title: prose(advice.title) })}`, ''];
  if (possible) {
    lines.push(
      `- **${w.recommendation}** \`${advice.recommendation}\`: ${prose(advice.title)}`,
      `- **${w.scope}** ${advice.scope}`,
      `- **${w.launch}** ${prose(launchText(advice.launch, launchWords))}`,
    );
  } else {
    lines.push(`- **${w.outcome}** ${w.notPossible}`);
  }
  if (advice.mask) lines.push(`- **${w.mask}** \`${advice.mask.expression}\``);
  if (advice.atomicScope) {
    lines.push(`- **${w.atomicScope}** ${advice.atomicScope} (\`cuda::thread_scope_${advice.atomicScope}\`)`);
  }
  if (advice.migrated.length > 0) {
    lines.push('', `## ${w.migrated}`, '', ...advice.migrated.map((m) => `- ${prose(m)}`));
  }
  lines.push('', `## ${w.hazards}`, '');
  if (advice.hazards.length === 0) {
    lines.push(w.noHazards);
  } else {
    const rows = advice.hazards.map((h) => [
      `**${prose(h.title)}** (\`${h.id}\`)`,
      prose(h.explanation),
      `${prose(h.fix)} ${code(h.snippet.id)}`,
    ]);
    lines.push(...table([w.hazard, w.why, w.fix], rows));
  }
  lines.push('', `## ${possible ? w.rationale : w.whyNot}`, '', prose(advice.rationale));
  if (possible) {
    lines.push('', `## ${w.alternatives}`, '');
    if (advice.alternatives.length === 0) {
      lines.push(w.onlyChoice);
    } else {
      const rows = advice.alternatives.map((a) => [`\`${a.id}\`: ${prose(a.title)}`, prose(a.why)]);
      lines.push(...table([w.alternative, w.ranksLower], rows));
    }
  } else {
    lines.push('', `## ${w.worksInstead}`, '');
    const rows = advice.options.map((o) => [
      `\`${o.id}\`: ${prose(o.title)}`,
      prose(o.when),
      `${prose(o.why)} ${code(o.snippet.id)}`,
    ]);
    lines.push(...table([w.option, w.when, w.how], rows));
  }
  if ('costs' in advice) lines.push('', `## ${w.costs}`, '', ...costTable(advice.costs, w, priceWords));
  if (possible) {
    lines.push('', `## ${w.measure}`, '');
    lines.push(
      advice.measurement ? measureText(advice.measurement, w) : prose(advice.unmeasured ?? w.nothingMeasures),
    );
  }
  lines.push('', `## ${w.codeHeading}`, '', ...codeBlocks(advice));
  lines.push('', `## ${w.answers}`, '');
  const answerRows = advice.answers.map((a) => [
    `${prose(a.text)} (\`${a.question}\`)`,
    a.answers.map((x) => `${prose(x.label)} (\`${x.id}\`)`).join('; ') + (a.defaulted ? w.defaulted : ''),
  ]);
  lines.push(...table([w.question, w.answer], answerRows));
  if (advice.ignored.length > 0) {
    const ids = advice.ignored.map((id) => `\`${id}\``).join(w.listSeparator);
    lines.push('', wordsText(w.ignored, { ids }));
  }
  const sources = advice.sources.map((s) => `- \`${s.rule}\`: ${sourceText(s.source, w)}`);
  lines.push('', `## ${w.sources}`, '', ...sources);
  return `${lines.join('\n')}\n`;
}

/**
 * A rule's source (types.ts RULE_SOURCES) in the export's words: "chapter §4 row 2", "the scope rules: masks" in
 * English, "原章节 §4 第 2 行", "作用域规则：掩码" in zh-CN; a source of another form as it is.
 */
export function sourceText(source: string, w: AdviceMarkdownWords): string {
  const words = w.sourceWords;
  const row = /^chapter §4 row (\d+)$/.exec(source);
  if (row) return wordsText(words.chapterRow, { n: row[1]! });
  const misconception = /^chapter §8 misconception (\d+)$/.exec(source);
  if (misconception) return wordsText(words.misconception, { n: misconception[1]! });
  if (source === 'chapter §10-D') return words.nextStep;
  if (source.startsWith(SCOPE_RULES_PREFIX)) {
    const rule = source.slice(SCOPE_RULES_PREFIX.length);
    return wordsText(words.scopeRule, { rule: words.scopeRuleNames[rule] ?? rule });
  }
  return source;
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

function measureText(m: Measurement, w: AdviceMarkdownWords): string {
  const param = m.param === null ? '' : wordsText(w.measureParam, { param: String(m.param) });
  return wordsText(w.measureLine, {
    mode: `\`${m.mode}\``,
    workload: `\`${m.workload}\``,
    param,
    unit: prose(m.unit),
  });
}

function costTable(costs: AdviceWithCosts['costs'], w: AdviceMarkdownWords, pw: PriceWords): string[] {
  const row = (cost: Cost, recommended: boolean) => {
    const unit = cost.measurement?.unit ?? '-';
    const measured = cost.perSyncNs === null ? prose(unit) : `${formatNs(cost.perSyncNs)} ns: ${prose(unit)}`;
    const notes = [clusterText(cost, pw)].filter((n) => n !== null).map((n) => `; ${n}`);
    return [
      recommended ? `**\`${cost.id}\`**${w.recommended}` : `\`${cost.id}\``,
      cost.perWork ? formatNs(cost.perWork.ns) : '-',
      (cost.perWork && ciText(cost.perWork, formatNs, pw)) ?? '-',
      measured,
      cost.perWork ? prose(conversionText(cost.perWork, unit, pw)) : '-',
      prose(
        (cost.sourceLabel
          ? `${cost.sourceLabel}${cost.label ? `: ${cost.label}` : ''}`
          : (cost.missing ?? '-')) +
          notes.join('') +
          scheduleNote(cost, w),
      ),
    ];
  };
  return [
    ...table(
      [
        w.choice,
        perWorkHeader(pw.nsPerWork, costs.unit, pw),
        perWorkHeader(pw.ciHeader, costs.unit, pw),
        w.unit,
        w.conversion,
        w.source,
      ],
      [
        ...(costs.recommendation ? [row(costs.recommendation, true)] : []),
        ...costs.alternatives.map((c) => row(c, false)),
        ...costs.options.map((c) => row(c, false)),
      ],
    ),
    '',
    prose(footnoteText(costs.unit, pw)),
  ];
}

/** A host wait's scheduling flag and the other flags' figures ("; host flag spin (for auto); yield 9924 ns"). */
function scheduleNote(cost: Cost, w: AdviceMarkdownWords): string {
  if (!cost.schedule) return '';
  const { asked, measured } = cost.schedule;
  const flag = asked === measured ? measured : wordsText(w.flagFor, { measured, asked });
  const others = cost.otherSchedules.map((o) => `${o.schedule} ${formatNs(o.perSyncNs)} ns`);
  const list = others.length ? wordsText(w.withOthers, { list: others.join(w.listSeparator) }) : '';
  return wordsText(w.hostFlag, { flag }) + list;
}

/** Three significant digits below 100 ns, whole nanoseconds above; `decimals` digits after the point when given. */
function formatNs(ns: number, decimals?: number): string {
  if (decimals !== undefined) return ns.toFixed(decimals);
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
