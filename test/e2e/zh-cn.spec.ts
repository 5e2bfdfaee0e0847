/**
 * The UI in Simplified Chinese, in real Chromium: the host's import messages come translated by their
 * code (added, already present, refused), Compare's run picker and run list tell runs of one name apart by their
 * date and short id, and every view is switched to zh-CN screenshot by screenshot (test-results/ holds them, to be
 * looked at).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import type { ResultFile } from '../../electron/model/results/schema';
import { fixture, openView } from './app';

const REFERENCE = path.join(import.meta.dirname, '..', '..', 'resources', 'reference', 'h200-modes.json');
const modes = JSON.parse(readFileSync(REFERENCE, 'utf8')) as ResultFile;

async function inChinese(page: Page, view: string): Promise<void> {
  await openView(page, view);
  await page.locator('#set-locale').selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
}

test('zh-CN: the host’s import messages are translated by their code', async ({ page }, testInfo) => {
  await inChinese(page, 'results');
  const message = page.getByTestId('import-message');

  // The reference dataset itself: already present, nothing imported.
  await page.locator('#import-file').setInputFiles(REFERENCE);
  await expect(message).toHaveText(
    `h200-modes.json：已作为参考数据集“${modes.name}”存在（id ${modes.id}）；未导入任何内容。`,
  );
  await expect(message).toHaveClass(/ok/);

  // A copy under another id: imported, so the library now holds two runs of that name.
  const copy = testInfo.outputPath('modes-copy.json');
  const copyId = randomUUID();
  writeFileSync(copy, JSON.stringify({ ...modes, id: copyId }));
  await page.locator('#import-file').setInputFiles(copy);
  await expect(message).toHaveText(`modes-copy.json：已导入为“${modes.name}”。`);

  // A refusal: the frame is translated, the host's own detail stays English and is marked so.
  await page.locator('#import-file').setInputFiles(fixture.malformed);
  await expect(message).toHaveClass(/error/);
  await expect(message).toContainText(/^[^:]+：(units\.|结果文件无效|不是有效的 JSON)/);
  await page.screenshot({ path: testInfo.outputPath('zh-CN-import-refused.png') });

  // Compare: the two runs of one name carry their date and short id, in the picker and in the run list.
  await openView(page, `compare?ids=${modes.id},${copyId}`);
  const picks = page.locator(`.pick[data-id="${modes.id}"], .pick[data-id="${copyId}"]`);
  await expect(picks).toHaveCount(2);
  for (const name of await picks.locator('.name').allTextContents()) expect(name).toContain(modes.name);
  const suffixes = await picks.getByTestId('run-suffix').allTextContents();
  expect(suffixes.map((s) => s.trim().slice(-8)).sort()).toEqual(
    [modes.id, copyId].map((id) => id.slice(0, 8)).sort(),
  );
  for (const s of suffixes) expect(s).toMatch(/^2026年12月1日/);
  const compared = page.getByTestId('compared-run');
  await expect(compared).toHaveCount(2);
  await expect(compared.nth(0).getByTestId('run-suffix')).toContainText(modes.id.slice(0, 8));
  await expect(compared.nth(1).getByTestId('run-suffix')).toContainText(copyId.slice(0, 8));
  // The same measurement under two ids: nothing else differs, said in Chinese.
  await expect(page.getByTestId('no-differences')).toHaveText('其他方面都相同：设备、时钟、版本和参数一致。');
  await expect(page.getByTestId('verdict').first()).toHaveText(/^(相同|更快|更慢|不确定)$/);
  await page.screenshot({ path: testInfo.outputPath('zh-CN-compare-same-name.png'), fullPage: true });
});

/**
 * The table headings under `scope` set one character a line (Chinese breaks between any two characters, so a
 * narrow column did that): those of more than three characters on more lines than half their characters.
 */
function headingsOneCharALine(page: Page, scope: string): Promise<string[]> {
  return page.locator(`${scope} th`).evaluateAll((cells) =>
    cells.flatMap((th) => {
      const text = (th.textContent ?? '').trim();
      const range = document.createRange();
      range.selectNodeContents(th);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return text.length > 3 && lines > text.length / 2 ? [`${text} (${lines} lines)`] : [];
    }),
  );
}

test('every view in zh-CN, screenshot by screenshot', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await inChinese(page, 'device');
  const shot = (name: string, fullPage = true) =>
    page.screenshot({ path: testInfo.outputPath(`zh-CN-${name}.png`), fullPage });
  await shot('device');
  await openView(page, 'run');
  if (!fixture.gpuAvailable) {
    // The addon's reasons come by their code, in Chinese; the driver's own words stay English, marked so, with a
    // note saying why.
    const why = page.locator('#start-why');
    await expect(why).toContainText(/^(此处没有可用的 GPU|未加载原生插件)：/);
    if ((await why.locator('[lang="en"]').count()) > 0) {
      await expect(page.getByTestId('host-reason-note')).toContainText('英文');
    } else {
      await expect(why).toContainText('原生插件（syncbench.node）未构建');
      await expect(page.getByTestId('host-reason-note')).toHaveCount(0);
    }
  }
  await shot('run');
  await openView(page, 'results');
  await page.getByRole('button', { name: fixture.sweep.name }).click();
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
  await shot('results', false);
  await expect(headingsOneCharALine(page, '.result-detail')).resolves.toEqual([]);
  await page.locator('.result-detail').screenshot({ path: testInfo.outputPath('zh-CN-results-detail.png') });
  await page.locator('#replay-speed').selectOption('0');
  await page.locator('[data-testid="replay-button"]').click();
  await expect(page.locator('.run-progress.finished')).toBeVisible({ timeout: 30_000 });
  await shot('run-replayed');
  await expect(headingsOneCharALine(page, '.run-output')).resolves.toEqual([]);
  await openView(page, `compare?ids=${modes.id},chapter-rtx5090-modes`);
  await expect(page.locator('.compare-chart')).toBeVisible();
  await expect(page.getByTestId('difference').first()).toContainText(/不同|运行/);
  await shot('compare');
  await openView(page, 'wizard');
  await expect(page.locator('.question-step, .advice-summary').first()).toBeVisible();
  await shot('wizard');
  await openView(page, 'lab');
  await expect(page.locator('.placement-table select').first()).toContainText('线程');
  await shot('lab');
  await openView(page, 'methods');
  await expect(page.locator('.method-section').first()).toContainText(
    '空循环中一次 __syncwarp() 的开销是多少？',
  );
  await shot('methods', false);
});
