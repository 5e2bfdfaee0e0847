import { readFile } from 'node:fs/promises';

import { expect, test, type Page } from '@playwright/test';

import { fixture, openView } from './app';

/** Chooses an answer of the question on screen by its label and presses Forward. */
async function answer(page: Page, label: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).check();
  await page.getByRole('button', { name: 'Forward' }).click();
}

test('the wizard walks a grid-sync kernel launched with <<<>>> to its recommendation', async ({
  page,
}, testInfo) => {
  await openView(page, 'wizard');
  await expect(page.getByRole('heading', { name: 'Which barrier?' })).toBeVisible();
  await answer(page, 'Other blocks of the same kernel');
  await answer(page, 'grid.sync() in a kernel launched with <<<>>>');
  await answer(page, 'Global (device) memory');
  await answer(page, 'Every block finishes a phase before any block starts the next');
  await page.screenshot({ path: testInfo.outputPath('wizard-question.png') });
  await answer(page, 'Yes, unconditionally');
  await answer(page, 'Yes: each block keeps its shared memory or registers from one phase to the next');
  await answer(page, 'No');
  await answer(page, 'Yes: the grid has at most the co-resident limit of blocks');

  // the last question by keyboard: Forward moved the focus to its first answer
  await expect(page.getByLabel('A correct ordering edge', { exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');

  const card = page.locator('.advice-summary');
  await expect(card).toHaveAttribute('data-recommendation', 'grid-sync');
  await expect(page.locator('#advice-title')).toBeFocused();
  await expect(page.locator('#advice-title')).toHaveText('grid-sync grid.sync() with a cooperative launch');
  await expect(card.locator('[data-fact="launch"]')).toContainText(
    'cooperative (cudaLaunchCooperativeKernel)',
  );
  await expect(card.locator('[data-hazard="grid-sync-no-coop"]')).toContainText(
    'grid.sync() without a cooperative launch',
  );
  await expect(card.locator('[data-alternative="kernel-boundary"]')).toBeVisible();
  // the shipped H200 datasets price the kernel boundary, labelled as not this GPU
  const boundary = card.locator('[data-cost="kernel-boundary"]');
  await expect(boundary.locator('.source')).toHaveAttribute('data-kind', 'reference');
  await expect(boundary.locator('.source .kind')).toHaveText('reference dataset, not this GPU');
  await expect(boundary.getByTestId('cost-per-work')).toHaveText(/^\d[\d,.]*$/);
  // per phase, with its interval, its conversion and the dataset named as the Results view names it
  await expect(card.getByTestId('cost-per-work-head')).toHaveText('ns per phase');
  await expect(boundary.getByTestId('cost-ci')).toHaveText(/^\d[\d,.]* to \d[\d,.]*$/);
  await expect(boundary.getByTestId('cost-conversion')).toHaveText(/^per phase = 1 × /);
  await expect(boundary.getByTestId('cost-dataset')).toHaveText(
    /^kernel_boundary on NVIDIA H200 \(.+ · \w{8}\) · /,
  );
  await expect(card.locator('[data-cost="grid-sync"] .source')).toHaveText(
    /not measured yet: run mode kernel_boundary|measured on|reference dataset/,
  );
  const measure = page.getByTestId('measure-now');
  if (fixture.gpuAvailable) await expect(measure).toBeEnabled();
  else {
    await expect(measure).toBeDisabled();
    await expect(page.locator('#measure-why')).toContainText('No GPU can be used here');
  }
  await page.screenshot({ path: testInfo.outputPath('wizard-summary.png'), fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByTestId('export-md').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('which-barrier-grid-sync.md');
  const saved = testInfo.outputPath('which-barrier-grid-sync.md');
  await file.saveAs(saved);
  const markdown = await readFile(saved, 'utf8');
  expect(markdown).toContain('# Which barrier? grid.sync() with a cooperative launch');
  expect(markdown).toContain('(`grid-sync-no-coop`)');
  expect(markdown).toContain('reference dataset, not this GPU');

  // Back keeps the answers: the last question shows the chosen answer
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('A correct ordering edge', { exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Forward' }).click();
  await expect(card).toHaveAttribute('data-recommendation', 'grid-sync');

  await page.locator('#set-theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: testInfo.outputPath('wizard-summary-dark.png'), fullPage: true });
  await page.locator('#set-theme').selectOption('light');
});

test('shared memory read by other blocks is "not possible as described": its own state, options with code to copy', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(fixture.url).origin,
  });
  await openView(page, 'wizard');
  await answer(page, 'Other blocks of the same kernel');
  await answer(page, '__syncthreads() or block.sync()');
  await answer(page, 'Shared memory of the block');
  await answer(page, 'Every block finishes a phase before any block starts the next');
  await answer(page, 'Yes, unconditionally');
  await answer(page, 'No: everything the next phase needs can go through global memory');
  await answer(page, 'No');
  await answer(page, 'Normally: <<<grid, block>>> or cudaLaunchKernel');
  await answer(page, 'Yes: the grid has at most the co-resident limit of blocks');
  // the last question by keyboard, as in the walk above
  await expect(page.getByLabel('A correct ordering edge', { exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');

  const card = page.locator('[data-outcome="not-possible"]');
  await expect(card).toBeVisible();
  await expect(page.locator('.advice-summary')).toHaveCount(0);
  await expect(page.locator('#not-possible-title')).toBeFocused();
  await expect(page.locator('#not-possible-title')).toHaveText('Not possible as described');
  await expect(card.getByTestId('not-possible-why')).toContainText(
    'another block of the kernel cannot read it',
  );
  await expect(card.locator('[data-option]')).toHaveCount(3);
  await expect(card.locator('[data-option="cluster-sync"] .when')).toContainText('one thread-block cluster');
  await expect(card.locator('[data-hazard="block-barrier-across-blocks"]')).toBeVisible();
  await expect(page.getByTestId('measure-now')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('wizard-not-possible.png'), fullPage: true });

  // copy the first option's code: the clipboard holds the snippet file, character for character
  const snippet = card.locator('[data-option="cluster-sync"] [data-snippet="cluster-dsmem"]');
  await snippet.getByTestId('copy-snippet').click();
  await expect(snippet.locator('.copy-status')).toHaveText('Copied to the clipboard.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await readFile('resources/decision/snippets/cluster-dsmem.cu', 'utf8'));
  expect(copied).toContain('cluster.sync();');
});

test('the lab: Reset, x = 1, w = 1, Step until the output reads 0.622; a placement asks for an edge', async ({
  page,
}, testInfo) => {
  await openView(page, 'lab');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.locator('#lab-x')).toHaveValue('0.5');
  await expect(page.locator('#lab-w')).toHaveValue('-1');
  await page.locator('#lab-x').fill('1');
  await page.locator('#lab-w').fill('1');
  const step = page.getByRole('button', { name: 'Step', exact: true });
  const expected = [['x->z', 'w->z'], ['z->h', 'b->h'], ['h->y']];
  for (const edges of expected) {
    await step.click();
    const active = page.locator('[data-testid="lab-graph"] line.edge.active');
    await expect(active).toHaveCount(edges.length);
    for (const edge of edges) await expect(page.locator(`line[data-edge="${edge}"]`)).toHaveClass(/active/);
  }
  await expect(step).toBeDisabled();
  await expect(page.getByTestId('lab-output')).toHaveText('0.622');
  await page.screenshot({ path: testInfo.outputPath('lab-0622.png'), fullPage: true });

  await page.locator('#agent-h').selectOption('kernel');
  await page.locator('#storage-h').selectOption('global');
  await page.locator('#agent-y').selectOption('host');
  const row = page.locator('.ordering-edges tr[data-edge="h->y"]');
  await expect(row.locator('.recommendation code')).toHaveText('stream-sync');
  await expect(page.locator('.ordering-edges tr[data-edge="z->h"] .recommendation code')).toHaveText(
    'kernel-boundary',
  );
  await expect(page.locator('.note')).toContainText('no memory the values live in');
  await page.screenshot({ path: testInfo.outputPath('lab-placement.png'), fullPage: true });
});
