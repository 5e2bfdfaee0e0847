import { expect, test } from '@playwright/test';

import { fixture, openView } from './app';

test('without a GPU the Device view says why, and the other views keep working', async ({
  page,
}, testInfo) => {
  await openView(page, 'device');
  const panel = page.getByTestId('no-gpu');
  if (fixture.gpuAvailable) {
    // A host with a usable GPU shows it instead of the panel.
    await expect(panel).toHaveCount(0);
  } else {
    await expect(panel.getByRole('heading', { name: 'No GPU can be used' })).toBeVisible();
    // No driver (the addon loaded), or no addon (its file missing or failed to load).
    await expect(panel.locator('.reason')).toContainText(/driver|native addon file/i);
  }
  await page.screenshot({ path: testInfo.outputPath('device-no-gpu.png') });

  await page.getByRole('link', { name: 'Results' }).click();
  await expect(page.getByRole('button', { name: fixture.sweep.name })).toBeVisible();
  await page.getByRole('link', { name: 'Run' }).click();
  await expect(page.locator('#mode-select option')).not.toHaveCount(0);
});
