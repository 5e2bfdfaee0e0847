import { expect, test } from '@playwright/test';

import { chartPixels, chartPoints, fixture, openView, replaySweep, watchablePace } from './app';

test('a bad parameter is named next to its field, and Start waits until it is fixed', async ({
  page,
}, testInfo) => {
  await openView(page, 'run');
  await page.locator('#mode-select').selectOption('block');
  const warps = page.locator('#param-nwarps');
  await warps.fill('0');
  await expect(page.locator('#param-nwarps-error')).toHaveText('Must be between 1 and 32.');
  await expect(warps).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('run-bad-parameter.png') });

  await warps.fill('8');
  await expect(page.locator('#param-nwarps-error')).toHaveText('');
  if (!fixture.gpuAvailable) {
    // Start stays disabled with the reason next to it, said once: the host's validation refuses with the same
    // words, which the form does not repeat.
    await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();
    // No driver (the addon loaded), or no addon (its file missing or failed to load).
    await expect(page.getByTestId('start-blocked')).toContainText(
      /^(No GPU can be used here: .*driver|The native addon is not loaded: The native addon file)/i,
    );
    await expect(page.getByTestId('form-message')).toHaveCount(0);
    await expect(page.getByTestId('blocked-replay').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('run-no-gpu.png') });
  } else {
    await expect(page.getByRole('button', { name: 'Start' })).toBeEnabled();
  }
});

test('a replayed sweep draws itself point by point, labelled as a replay', async ({ page }, testInfo) => {
  await replaySweep(page, watchablePace);
  // the Mode select shows the replay, not the form's mode
  await expect(page.locator('#mode-select option:checked')).toContainText(`replaying ${fixture.sweep.name}`);
  await expect(page.locator('#mode-select')).toBeDisabled();
  await expect(page.locator('.replay-banner')).toContainText(`REPLAY — ${fixture.sweep.name}. `);
  await expect(page.locator('.run-progress .phase')).toHaveText(/^REPLAY · /);
  await expect(page.locator('.run-output canvas')).toHaveAttribute('aria-label', /^REPLAY — /);

  await expect.poll(() => chartPoints(page)).toBeGreaterThan(0);
  const early = { points: await chartPoints(page), pixels: await chartPixels(page) };
  expect(early.points).toBeLessThan(fixture.sweep.points);
  await page.screenshot({ path: testInfo.outputPath('replay-mid-stream.png') });

  await expect(page.locator('.run-progress .phase')).toHaveText('REPLAY · Finished', { timeout: 45_000 });
  expect(await chartPoints(page)).toBe(fixture.sweep.points);
  // The picture changed (a count of inked pixels would not: a series at exactly 0 ns lies on the zero grid line).
  expect(await chartPixels(page)).not.toBe(early.pixels);
  await expect(page.getByTestId('progress-counts')).toHaveText(
    `${fixture.sweep.points} / ${fixture.sweep.points} points`,
  );
  await expect(page.locator('.run-output .live-chart')).toHaveAttribute(
    'data-series',
    String(fixture.sweep.series),
  );
  await page.screenshot({ path: testInfo.outputPath('replay-finished.png'), fullPage: true });
});

test('Cancel stops a run part-way', async ({ page }, testInfo) => {
  await replaySweep(page, watchablePace);
  await expect.poll(() => chartPoints(page)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.run-progress .phase')).toHaveText('REPLAY · Cancelled');
  const drawn = await chartPoints(page);
  expect(drawn).toBeLessThan(fixture.sweep.points);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('run-cancelled.png') });
  await page.waitForTimeout(500);
  expect(await chartPoints(page)).toBe(drawn);
});
