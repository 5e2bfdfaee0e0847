import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';

import { formatMarkdown } from '../../../electron/core/format/markdown';
import { LONG_TABLE_MIN_ROWS, renderWithLongTables } from '../../../electron/core/report/long-tables';
import { renderMarkdown } from '../../../electron/core/report/markdown';
import { syntheticSweep } from '../../fixtures/synthetic-sweep';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable([
  'link',
  'image',
  'autolink',
  'reference',
]);
const plain = (text: string) => md.render(text);

function table(rows: string[][], delimiter = '| :--- | ---: | :-: | --- |'): string {
  return ['| a | b | c | d |', delimiter, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

describe('long tables of a report page', () => {
  it('renders a long table exactly as markdown-it does, tricky cells included', () => {
    const tricky = [
      '`code`',
      'a \\| b',
      '**bold**',
      '<script>x</script>',
      '&amp; &lt;',
      '_u_',
      '~~s~~',
      'x\\',
    ];
    const rows = Array.from({ length: LONG_TABLE_MIN_ROWS + 20 }, (_, i) => [
      String(i),
      tricky[i % tricky.length]!,
      `grid, ${i} blocks/SM "q"`,
      i % 7 === 0 ? '' : '—',
    ]);
    const page = `# Title\n\n- item\n- item two\n\n## Points\n\n${table(rows)}\n\n## After\n\ntext | not a table\n`;
    expect(
      renderWithLongTables(page, {
        render: plain,
        renderInline: (t) => md.renderInline(t),
        escapeHtml: md.utils.escapeHtml,
      }),
    ).toBe(plain(page));
  });

  it('leaves short tables, irregular tables and tables inside a paragraph to markdown-it', () => {
    const long = Array.from({ length: LONG_TABLE_MIN_ROWS + 1 }, (_, i) => [String(i), 'x', 'y', 'z']);
    const irregular = [...long.slice(0, -1), ['only', 'three', 'cells']];
    const pages = [
      table(long.slice(0, 3)),
      table(irregular),
      `para line\n${table(long)}`,
      `${table(long, '| --- | --- | --- |')}`,
      `${table(long)}\ntrailing text`,
    ];
    for (const page of pages) expect(renderMarkdown(page)).toBe(plain(page));
  });

  it('renders a 2,000-point results page as markdown-it does', () => {
    const page = formatMarkdown(syntheticSweep(2000, 2));
    expect(renderMarkdown(page)).toBe(plain(page));
  });
});
