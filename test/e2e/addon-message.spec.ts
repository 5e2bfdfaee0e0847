/**
 * Without the native addon, Start and Device say why once: the file is missing (or failed to load), with the setup
 * command, and nvcc is named only when this machine has none (the host looks where build:native looks).
 */
import { expect, test, type Page } from '@playwright/test';

import { nvccPresent } from '../../electron/core/native/nvcc-present';
import { fixture, openView } from './app';

/** How many times the page's visible text names the addon file. */
const timesNamed = (page: Page) =>
  page.locator('body').evaluate((body: HTMLElement) => body.innerText.split('syncbench.node').length - 1);

for (const view of ['start', 'device']) {
  test(`${view}: the missing-addon message is shown once, with the setup command`, async ({
    page,
  }, testInfo) => {
    test.skip(fixture.addonLoaded, 'the addon is loaded on this host');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openView(page, view);
    const reason = page.getByTestId('no-gpu').locator('.reason');
    await expect(reason).toContainText(/The native addon file .*(is missing|failed to load)/);
    await expect(reason).toContainText('`bash scripts/setup.sh` or `npm run build:native`');
    if (nvccPresent()) await expect(reason).not.toContainText('nvcc');
    else await expect(reason).toContainText('the CUDA compiler (nvcc) is missing too');
    await expect(page.getByText(/The native addon file/)).toHaveCount(1);
    // Named once in the reason (where it is looked for, when missing), never repeated elsewhere on the page.
    const inReason = (await reason.innerText()).split('syncbench.node').length - 1;
    expect(await timesNamed(page)).toBe(inReason);
    await expect(page.getByTestId('no-gpu')).toContainText('not loaded (the reason is above)');
    await page.screenshot({ path: testInfo.outputPath(`${view}-addon-message.png`), fullPage: true });
  });
}
