/** The method sections as Markdown: one heading per section, its paragraphs below. */
import { methodSections } from './sections';
import type { MethodWords, ModeText } from '../words/methods';

/**
 * The method of `modeIds` (methodSections) as Markdown, ending with a newline. `headingLevel` is the level of each
 * section's heading (2: `##`), so the text can sit under a heading of its own; `words` and `modeText` its language
 * (English by default, as methodSections).
 */
export function methodsMarkdown(
  modeIds: string[],
  headingLevel = 2,
  words?: MethodWords,
  modeText?: (id: string) => ModeText,
): string {
  const hashes = '#'.repeat(Math.min(6, Math.max(1, headingLevel)));
  const blocks = methodSections(modeIds, words, modeText).map((s) =>
    [`${hashes} ${s.title}`, ...s.paragraphs].join('\n\n'),
  );
  return `${blocks.join('\n\n')}\n`;
}
