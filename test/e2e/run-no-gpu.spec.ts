/**
 * Run without a GPU (or without the native addon), at 1280×800: the reason is in view on load, whole, at the top of
 * the form and in the right pane in place of "press Start"; Start is disabled; the links to what works without a
 * GPU (replay a saved run, a reference dataset, "Which barrier?") go there.
 */
import { expect, test, type Locator } from '@playwright/test';

import { fixture, openView } from './app';

/** Whether `box` lies wholly within the 1280×800 viewport, and its text is not cut (no overflow). */
async function wholeInView(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(800);
  const cut = await locator.evaluate(
    (el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
  );
  expect(cut).toBe(false);
}

test.describe('Run without a GPU', () => {
  test.skip(fixture.gpuAvailable, 'this machine has a GPU');
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the reason is in view on load, Start is disabled, and the next steps link where they say', async ({
    page,
  }, testInfo) => {
    await openView(page, 'run');
    const why = page.getByTestId('start-blocked');
    await expect(why).toContainText(/^(No GPU can be used here|The native addon is not loaded): \S/);
    // The reason heads the form, whole (a long addon reason runs past the form's links, which the pane shows too).
    await wholeInView(why);
    const pane = page.getByTestId('pane-blocked');
    await expect(pane).toHaveText((await why.textContent()) ?? '');
    await wholeInView(page.locator('.run-output .run-blocked'));
    await expect(page.getByText('press Start')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath('run-no-gpu-viewport.png') });

    const links = page.locator('form .run-blocked');
    await links.getByTestId('blocked-replay').click();
    await expect(page).toHaveURL(/#\/results$/);
    await expect(page.getByTestId('replay-button').or(page.locator('.results-table')).first()).toBeVisible();

    await openView(page, 'run');
    await page.locator('.run-output .run-blocked').getByTestId('blocked-reference').click();
    await expect(page).toHaveURL(/#\/results\?open=/);
    await expect(page.locator('#detail-title')).toBeVisible();

    await openView(page, 'run');
    await links.getByTestId('blocked-wizard').click();
    await expect(page).toHaveURL(/#\/wizard/);
    await expect(page.locator('.question-step, .advice-summary').first()).toBeVisible();
  });
});
