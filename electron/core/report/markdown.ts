/**
 * Markdown to HTML for the report, with markdown-it: the report's text is the product's Markdown pages (format/,
 * compare/), rendered. Raw HTML is escaped and links, images and autolinks are off, so text from a result file
 * (names, notes, citations) can neither run anything nor make the report point outside itself.
 */
import MarkdownIt from 'markdown-it';

import { renderWithLongTables, type MarkdownRenderer } from './long-tables';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable([
  'link',
  'image',
  'autolink',
  'reference',
]);

const renderer: MarkdownRenderer = {
  render: (text) => md.render(text),
  renderInline: (text) => md.renderInline(text),
  escapeHtml: (text) => md.utils.escapeHtml(text),
};

/** `text` (Markdown) as HTML; long tables are written without markdown-it's tokens (long-tables.ts), equally. */
export function renderMarkdown(text: string): string {
  return renderWithLongTables(text, renderer);
}

/** `text` (one line of Markdown: inline code, emphasis) as HTML without a paragraph around it. */
export function renderInline(text: string): string {
  return md.renderInline(text);
}

/** `text` with HTML's special characters escaped (for attributes and element text). */
export function escapeHtml(text: string): string {
  return md.utils.escapeHtml(text);
}

/**
 * A Markdown page split after its head (title and the list below it) and before its first `## ` section, so a chart
 * can sit between them. The pages this report renders flatten line breaks inside values, so a `## ` at the start of
 * a line is always one of their own headings.
 */
export function splitAfterHead(page: string): { head: string; rest: string } {
  const at = page.indexOf('\n## ');
  return at < 0 ? { head: page, rest: '' } : { head: page.slice(0, at), rest: page.slice(at + 1) };
}
