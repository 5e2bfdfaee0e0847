/**
 * Shared pieces of the end-to-end tests: the fixture the global setup started, opening a view, starting a replay
 * from the Results view, and reading the live chart.
 */
import { expect, type Page } from '@playwright/test';

import { fixtureInfo } from './fixture-info';

export const fixture = fixtureInfo();

/** Opens the app at a view ('run', 'device', 'results'), token included. */
export async function openView(page: Page, view: string): Promise<void> {
  await page.goto(`${fixture.url}#/${view}`);
  await expect(page.getByRole('navigation', { name: 'Views' })).toBeVisible();
}

/** Opens the seeded sweep in the Results view and replays it at `pace` ('1' recorded, '4', '0' fastest). */
export async function replaySweep(page: Page, pace: '0' | '1' | '4'): Promise<void> {
  await openView(page, 'results');
  await page.getByRole('button', { name: fixture.sweep.name }).click();
  await page.locator('#replay-speed').selectOption(pace);
  await page.getByRole('button', { name: 'Replay' }).click();
  await expect(page).toHaveURL(/#\/run$/);
}

/** Points the live chart has drawn so far (its data-points attribute). */
export async function chartPoints(page: Page): Promise<number> {
  return Number(await page.locator('.run-output .live-chart').getAttribute('data-points'));
}

/** Canvas pixels that differ from the chart's background: grows as lines and error bars are drawn. */
export async function inkedPixels(page: Page): Promise<number> {
  return page.locator('.run-output canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx) return 0;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const [r, g, b] = [data[0], data[1], data[2]];
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== r || data[i + 1] !== g || data[i + 2] !== b) inked += 1;
    }
    return inked;
  });
}
