/**
 * How each mode's numbers are produced, as sections of text: one per mode (its kernels, iteration counts, formula,
 * timer, verification, whole-kernel figure), then the parts every mode shares. The words come from a MethodWords
 * (words-en.ts by default; words-zh-cn.ts for the renderer in zh-CN); the structure and every fact are the same in
 * each language. Pure TypeScript, no Node imports: the renderer, the Markdown export and the HTML report all use it.
 */
import { MODES } from '../modes';
import { baselineText, formulaText, iterationText } from './formula';
import { sharedSections } from './general';
import { MODE_METHODS } from './kernels';
import type { KernelMethod, MethodSection, ModeMethod } from './types';
import { METHODS_EN } from '../words/en/methods';
import type { MethodWords, ModeText } from '../words/methods';

/** Every mode id the methods describe, in the app's mode order. */
export function methodModeIds(): string[] {
  return MODES.map((m) => m.info.id);
}

function kernelParagraph(k: KernelMethod, words: MethodWords): string {
  return words.kernelParagraph({
    workload: k.workload,
    body: k.body,
    launch: k.launch,
    iterations: iterationText(k, words),
    formula: formulaText(k, words),
    baseline: baselineText(k, words),
    timer: words.timerLine(k.timer, k.cycles, k.verified),
  });
}

function wholeKernelLine(kernels: KernelMethod[], words: MethodWords): string {
  const groups = new Map<string, string[]>();
  for (const k of kernels) {
    const run = words.shortRun(k.timer, k.itersLo);
    groups.set(run, [...(groups.get(run) ?? []), k.workload]);
  }
  const parts = [...groups.entries()].map(([run, workloads]) =>
    groups.size === 1
      ? run
      : words.shortRunGroup(
          workloads.map((w) => `\`${w}\``),
          run,
        ),
  );
  return words.wholeKernelLine(parts);
}

/** The paragraphs of a mode: its question, one per kernel, its notes, the whole-kernel line. */
function modeParagraphs(question: string, method: ModeMethod, words: MethodWords): string[] {
  return [
    question,
    ...method.kernels.map((k) => kernelParagraph(k, words)),
    ...method.notes,
    wholeKernelLine(method.kernels, words),
  ];
}

/**
 * The section of one mode; a mode this version does not know gets a section that says so. When `words` do not
 * describe the mode's kernels yet, the title is in their language and the paragraphs are English (`lang: 'en'`).
 */
function modeSection(id: string, words: MethodWords, modeText: (id: string) => ModeText): MethodSection {
  const mode = MODES.find((m) => m.info.id === id);
  const method = MODE_METHODS[id];
  if (!mode || !method) {
    return { title: words.unknownModeTitle(id), paragraphs: [words.unknownMode(id)] };
  }
  const title = words.modeTitle(id, modeText(id).title);
  const facts = words.modeFacts(id, method);
  if (facts) return { title, paragraphs: modeParagraphs(modeText(id).question, facts, words) };
  return { title, paragraphs: modeParagraphs(mode.info.question, method, METHODS_EN), lang: 'en' };
}

/** A mode's own title and question (English). */
export function englishModeText(id: string): ModeText {
  const info = MODES.find((m) => m.info.id === id)!.info;
  return { title: info.title, question: info.question };
}

/**
 * How the numbers of `modeIds` are produced: one section per mode (in the order given, duplicates once), then the
 * difference method, timers and clock, stopping rule, statistics and cold launches, verification, compute-sanitizer
 * (when a mode runs it) and how the whole-kernel figure relates to the per-sync figure.
 * @param words the language of the text (English by default)
 * @param modeText a mode's title and question in that language (default: the mode's own, English); the renderer
 *   passes its messages
 */
export function methodSections(
  modeIds: string[],
  words: MethodWords = METHODS_EN,
  modeText: (id: string) => ModeText = englishModeText,
): MethodSection[] {
  const ids = [...new Set(modeIds)];
  const sanitizer = ids.some((id) => MODES.find((m) => m.info.id === id)?.sanitizerTools);
  return [...ids.map((id) => modeSection(id, words, modeText)), ...sharedSections(words, Boolean(sanitizer))];
}
