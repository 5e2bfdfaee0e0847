/**
 * The UI in Simplified Chinese, in real Chromium: the host's import messages come translated by their
 * code (added, already present, refused), Compare's run picker and run list tell runs of one name apart by their
 * date and short id, and every view is switched to zh-CN screenshot by screenshot (test-results/ holds them, to be
 * looked at).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { modeInfos } from '../../electron/model/modes';
import type { ResultFile } from '../../electron/model/results/schema';
import { syntheticResult } from '../fixtures/synthetic-result';
import { fixture, openView } from './app';

const REFERENCE_DIR = path.join(import.meta.dirname, '..', '..', 'resources', 'reference');
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
      await expect(why).toContainText('原生插件文件（syncbench.node）缺失');
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

// ---- the walk: no English outside names and data ----------------------------------------

/*
 * The views in zh-CN, in real Chromium: no English on screen outside technical names (API names, mode ids, units,
 * CUDA terms), code, text marked lang="en" (the host's or a file's own English, said so), and data the user typed or
 * a result file carries (its name, its device's name). The 参考数据 badge stays on one line.
 */

/**
 * Mode ids, parameter names and the stopping rule's fields (Compare names a field that differs): identifiers, the
 * same in every language.
 */
const IDS = [
  ...modeInfos().flatMap((m) => [m.id, ...m.params.map((p) => p.name)]),
  ...Object.keys(modes.plan.stopping),
];

/** What the library's result files carry as their own words: their names and their devices' names (data). */
const DATA_TEXTS = [
  ...readdirSync(REFERENCE_DIR)
    .filter((n) => n.endsWith('.json'))
    .flatMap((n) => {
      const r = JSON.parse(readFileSync(path.join(REFERENCE_DIR, n), 'utf8')) as ResultFile;
      return [
        r.name,
        r.provenance.device?.name ?? '',
        r.provenance.host?.cpuModel ?? '',
        r.provenance.app.name,
        r.provenance.app.version,
      ];
    }),
  fixture.sweep.name,
  fixture.modes.name,
  // Authors of the works Methods cites (their titles are marked lang="en"): names, not words.
  'J.-Y. Le Boudec',
  'Jia',
  syntheticResult().provenance.device?.name ?? '',
]
  .filter((t) => t.length > 0)
  .sort((a, b) => b.length - a.length);

/** Names that are the same in both languages (test/unit/renderer/english-words.ts has the unit tests' list). */
const TECHNICAL = new RegExp(
  String.raw`(?<![A-Za-z_])(CUDA|GPU|GPUs|CPU|stream|block|device|tile|event|graph|arrive|DSMEM|SMEM|FADD|peer|SyncPerformance|Tesla|SUPER|SMs?|NVML|NCCL|ECC|PCIe?|MHz|GHz|L2|PTX|SASS|NVIDIA|H200|A100|V100|RTX|GeForce|PCIE|SXM|Sync Workbench|Markdown|PNG|SVG|CSV|JSON|HTML|PDF|TMA|PDL|mbarrier|atomicAdd|globaltimer|nvml|linux|ns|µs|ms|MiB|KiB|std|min|max|IQR|CI|id|ids|syncbench|Chromium|Electron|nvcc|ptxas|compute-sanitizer|libcu\+\+|NOP|FMA|FFMA|Volta|release|acquire|system|wait|mod|glibc|Ubuntu|RHEL|Debian|Linux|TSV|CTA|SM|warp|lane)(?![A-Za-z_])`,
  'g',
);

/** Where the screen shows data rather than the app's words: result names, ids, file names. */
const DATA = [
  'code',
  'pre',
  'kbd',
  'samp',
  '[lang="en"]',
  '.results-table button.name',
  '.pick .name-text',
  '#detail-title',
  '[data-testid="compared-run"]',
  '.short-id',
  'input',
  'textarea',
].join(', ');

/** The Latin words left on screen in `scope`, text node by text node. */
function english(page: Page, scope = 'body'): Promise<string[]> {
  return page.locator(scope).evaluate(
    (root, { data, technical, ids, texts: dataTexts }) => {
      const copy = root.cloneNode(true) as HTMLElement;
      for (const node of copy.querySelectorAll(data)) node.remove();
      const texts: string[] = [];
      const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
      const known = new Set(ids);
      let joined = texts.join(' ');
      for (const t of dataTexts) joined = joined.split(t).join(' ');
      const text = joined
        .replace(/`[^`]*`/g, ' ')
        .replace(/malloc、new/g, ' ')
        .replace(new RegExp(technical, 'g'), ' ');
      // API names and identifiers: words joined by _ . :: or (), or starting with __ / cuda; mode and parameter ids.
      return (
        text
          .split(/[\s，。：；、（）“”]+/)
          .filter((w) => !/[_.:()<>{}[\]#=/\\]|^cuda|^__|\d/.test(w) && !known.has(w))
          .join(' ')
          .match(/[A-Za-z]{3,}/g) ?? []
      );
    },
    { data: DATA, technical: TECHNICAL.source, ids: IDS, texts: DATA_TEXTS },
  );
}

/**
 * Without a GPU the panel's reason is the product's own words in Chinese, by their code (gpu-reasons.ts,
 * addon-reasons.ts): only the CUDA runtime's or the loader's own error string stays English, marked lang="en".
 */
async function expectNoGpuReasonInChinese(page: Page, view: string): Promise<void> {
  const reason = page.getByTestId('no-gpu').locator('.reason');
  await expect(reason, view).toBeVisible();
  const kept = await reason.locator('[lang="en"]').allTextContents();
  const own = (await reason.innerText()).split(/\s+/).join(' ');
  let outside = own;
  for (const k of kept) outside = outside.split(k.split(/\s+/).join(' ')).join(' ');
  expect(outside, `${view}: the reason's own words`).toMatch(/[\u4e00-\u9fff]{6}/);
  await expect(english(page, '[data-testid="no-gpu"] .reason'), view).resolves.toEqual([]);
  // What stays English is the runtime's or loader's string, never the product's sentences around it.
  for (const k of kept)
    expect(k, view).not.toMatch(/Install the|Update the|No NVIDIA driver|native addon file|work without/);
}

async function look(page: Page, view: string, found: Map<string, string[]>): Promise<void> {
  const words = await english(page);
  if (words.length > 0) found.set(view, [...new Set(words)]);
}

// Results is walked with the start page's reference datasets open (their points table, legend and ratios), not with
// an unreadable file; Compare with two runs of the same mode (each run's own launch shape in its cells).
test('zh-CN: Start, Device, Run, Results, a replay, Which barrier?, Lab, Methods and Compare show no English outside names and data', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await openView(page, 'start');
  await page.locator('#set-locale').selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('step-reference').getByRole('link').first()).toBeVisible();
  const found = new Map<string, string[]>();
  if (!fixture.gpuAvailable) await expectNoGpuReasonInChinese(page, 'start');
  await look(page, 'start', found);
  for (const view of ['device', 'run', 'wizard', 'lab']) {
    await openView(page, view);
    await page.waitForTimeout(500);
    if (view === 'device' && !fixture.gpuAvailable) await expectNoGpuReasonInChinese(page, view);
    await look(page, view, found);
  }
  for (const id of ['h200-modes', 'h200-sweep', 'h200-fences', 'chapter-rtx5090-modes']) {
    await openView(page, 'results');
    const reference = JSON.parse(readFileSync(path.join(REFERENCE_DIR, `${id}.json`), 'utf8')) as ResultFile;
    // .first(): the import test may have added a copy of one under another id (the same points).
    await page.getByRole('button', { name: reference.name, exact: true }).first().click();
    await expect(page.locator('[data-testid="point-label"]').first()).toBeVisible();
    // The labels are rebuilt in Chinese, not the file's English marked so.
    await expect(page.locator('[data-testid="point-label"][lang="en"]')).toHaveCount(0);
    await look(page, `results-${id}`, found);
  }
  await page.screenshot({ path: testInfo.outputPath('zh-CN-walk-results.png'), fullPage: true });
  await openView(page, 'results');
  await page.getByRole('button', { name: fixture.sweep.name }).click();
  await expect(page.locator('.result-detail .live-chart')).toHaveAttribute('data-points', /[1-9]/);
  await look(page, 'results', found);
  const badge = page.locator('.results-table .badge').first();
  const lines = await badge.evaluate((el) => el.getClientRects().length);
  expect(lines, '参考数据 on one line').toBe(1);
  await page.locator('#replay-speed').selectOption('0');
  await page.locator('[data-testid="replay-button"]').click();
  await expect(page.locator('.run-progress.finished')).toBeVisible({ timeout: 30_000 });
  await look(page, 'run-replayed', found);
  await openView(page, 'methods');
  await expect(page.locator('.method-section').first()).toBeVisible();
  await page.waitForTimeout(500);
  await look(page, 'methods', found);
  await page.screenshot({ path: testInfo.outputPath('zh-CN-walk-methods.png'), fullPage: true });
  await openView(page, 'compare?ids=chapter-rtx5090-modes,syncperformance-a100-sweep');
  await page.waitForTimeout(1000);
  await look(page, 'compare', found);
  await page.screenshot({ path: testInfo.outputPath('zh-CN-walk-compare.png'), fullPage: true });
  // Two runs of one mode: the rows and each run's own label (132 vs 170 blocks) rebuilt in Chinese, none marked
  // as the file's English.
  await openView(page, `compare?ids=${modes.id},chapter-rtx5090-modes`);
  await expect(page.getByTestId('compare-row').first()).toBeVisible();
  await expect(page.getByTestId('compare-own-label').first()).toContainText('个线程块');
  await expect(page.locator('[data-testid="compare-label"][lang="en"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="compare-own-label"][lang="en"]')).toHaveCount(0);
  await look(page, 'compare-modes', found);
  await page.screenshot({ path: testInfo.outputPath('zh-CN-walk-compare-modes.png'), fullPage: true });
  expect(Object.fromEntries(found)).toEqual({});
});
