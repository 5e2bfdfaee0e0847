/**
 * A replay started from the Start page: the Run view's form shows the replayed run's mode and parameters,
 * read-only, while it streams and after it ended, not the form's own mode (warp) and fields; "Set up a new run"
 * brings the form back.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

import type { ResultFile } from '../../electron/model/results/schema';
import { openView } from './app';

const REFERENCE = path.join(import.meta.dirname, '..', '..', 'resources', 'reference');

test('Start → replay the sweep: the form shows the replayed sweep, read-only, until "Set up a new run"', async ({
  page,
}, testInfo) => {
  await openView(page, 'start');
  const step = page.getByTestId('step-replay');
  await step.getByRole('button').click();
  await expect(page).toHaveURL(/#\/run$/);
  const form = page.locator('form.run-form');
  const mode = page.locator('#mode-select');
  await expect(mode).toBeDisabled();
  await expect(mode.locator('option:checked')).toContainText(/^replaying .*\(.*\)$/);
  const plan = page.getByTestId('replayed-plan');
  await expect(plan).toBeVisible();
  // The replayed file's own mode and parameters (the Start page replays a measured reference sweep).
  const replayedName = (await mode.locator('option:checked').textContent())!.replace(/^replaying /, '');
  const file = ['h200-sweep.json']
    .map((n) => JSON.parse(readFileSync(path.join(REFERENCE, n), 'utf8')) as ResultFile)
    .find((r) => replayedName.startsWith(r.name));
  await expect(page.getByTestId('replayed-mode')).toContainText(`(${file?.plan.mode ?? 'sweep'})`);
  if (file) {
    for (const [name, value] of Object.entries(file.plan.params)) {
      const shown = Array.isArray(value) ? value.join(', ') : String(value);
      await expect(plan.locator(`[data-replayed-param="${name}"]`)).toHaveText(shown);
    }
  }
  // None of the form's own fields (the warp mode's), and Start cannot start anything from here.
  await expect(form.locator('[data-param]')).toHaveCount(0);
  await expect(form.locator('p.help', { hasText: '__syncwarp' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();

  await expect(page.locator('.run-progress .phase')).toHaveText('REPLAY · Finished', { timeout: 60_000 });
  await expect(plan).toBeVisible();
  await expect(page.getByTestId('mode-replaying')).toContainText('The form shows the replayed run');
  await expect(form.locator('[data-param]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('replay-form.png') });

  await page.getByTestId('new-run').click();
  await expect(plan).toHaveCount(0);
  await expect(mode).toBeEnabled();
  await expect(form.locator('[data-param]').first()).toBeVisible();
});
