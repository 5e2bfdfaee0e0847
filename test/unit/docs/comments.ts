// The comments of a source file, by language: TypeScript/JavaScript and Vue script blocks through the TypeScript
// scanner's trivia (so a `//` inside a string or a regular expression is not a comment), Vue templates' `<!-- -->`,
// C/C++/CUDA's `//` and `/* */` outside string literals, and shell's `#` lines.
import ts from 'typescript';

/** One comment: its text (delimiters included) and the 1-based line it starts on. */
export interface Comment {
  line: number;
  text: string;
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The comments of TypeScript or JavaScript `code` that starts at `offset` of `whole` (a Vue block or the file). */
function scriptComments(whole: string, code: string, offset: number, js: boolean): Comment[] {
  const sf = ts.createSourceFile(js ? 'x.js' : 'x.ts', code, ts.ScriptTarget.Latest, true);
  const seen = new Set<number>();
  const out: Comment[] = [];
  const take = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      out.push({ line: lineAt(whole, offset + r.pos), text: code.slice(r.pos, r.end) });
    }
  };
  const visit = (node: ts.Node) => {
    take(ts.getLeadingCommentRanges(code, node.getFullStart()));
    take(ts.getTrailingCommentRanges(code, node.getEnd()));
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return out;
}

/** C, C++ and CUDA comments; string and character literals are blanked first (same length, so offsets hold). */
function cComments(text: string): Comment[] {
  const blank = text.replace(/"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])'/g, (m) => m.replace(/[^\n]/g, ' '));
  return [...blank.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => ({
    line: lineAt(text, m.index),
    text: text.slice(m.index, m.index + m[0].length),
  }));
}

/** Shell comments: `#` to the end of the line, at a line's start or after a space (the `#!` line left out). */
function shellComments(text: string): Comment[] {
  return [...text.matchAll(/(?:^|[ \t])(#(?!!)[^\n]*)/gm)].map((m) => ({
    line: lineAt(text, m.index),
    text: m[1]!,
  }));
}

/** The comments of `file` (its path picks the language); [] for a kind of file without comments to check. */
export function commentsOf(file: string, text: string): Comment[] {
  if (/\.(ts|mts|cts)$/.test(file)) return scriptComments(text, text, 0, false);
  if (/\.(js|mjs|cjs)$/.test(file)) return scriptComments(text, text, 0, true);
  if (/\.(cu|cuh|cc|cpp|h|hpp)$/.test(file)) return cComments(text);
  if (/\.sh$/.test(file)) return shellComments(text);
  if (file.endsWith('.vue')) {
    const out: Comment[] = [];
    for (const m of text.matchAll(/(<script[^>]*>)([\s\S]*?)<\/script>/g))
      out.push(...scriptComments(text, m[2]!, m.index + m[1]!.length, false));
    for (const m of text.matchAll(/<!--[\s\S]*?-->/g)) out.push({ line: lineAt(text, m.index), text: m[0] });
    return out;
  }
  return [];
}

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped (but `-` and `_`), spaces → `-`. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (`#`–`######`; a repeated heading gets `-1`, `-2`…, as on GitHub). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = headingSlug(m[1]!);
    const n = counts.get(slug) ?? 0;
    counts.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}
