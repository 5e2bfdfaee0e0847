/** The method sections as Markdown: one heading per section, its paragraphs below. */
import { methodSections } from './sections';

/**
 * The method of `modeIds` (methodSections) as Markdown, ending with a newline. `headingLevel` is the level of each
 * section's heading (2: `##`), so the text can sit under a heading of its own.
 */
export function methodsMarkdown(modeIds: string[], headingLevel = 2): string {
  const hashes = '#'.repeat(Math.min(6, Math.max(1, headingLevel)));
  const blocks = methodSections(modeIds).map((s) => [`${hashes} ${s.title}`, ...s.paragraphs].join('\n\n'));
  return `${blocks.join('\n\n')}\n`;
}
