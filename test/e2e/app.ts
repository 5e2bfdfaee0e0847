/**
 * Shared pieces of the end-to-end tests: the fixture the global setup started, a reference dataset shipped with the
 * app, opening a view, starting a replay from the Results view, and reading the live chart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, type Page } from '@playwright/test';

import type { ResultFile } from '../../electron/model/results/schema';

import { fixtureInfo } from './fixture-info';

export const fixture = fixtureInfo();

/** The reference dataset `name` of resources/reference (e.g. 'h200-fences.json'), parsed. */
export function reference(name: string): ResultFile {
  const file = path.join(import.meta.dirname, '..', '..', 'resources', 'reference', name);
  return JSON.parse(readFileSync(file, 'utf8')) as ResultFile;
}

/** A pace that lets a test watch the sweep stream for a few seconds: a real sweep can take under a second. */
export const watchablePace: '0.1' | '1' | '4' =
  fixture.sweep.replayMs < 3_000 ? '0.1' : fixture.sweep.replayMs <= 15_000 ? '1' : '4';

/** Opens the app at a view ('run', 'device', 'results'), token included. */
export async function openView(page: Page, view: string): Promise<void> {
  await page.goto(`${fixture.url}#/${view}`);
  // by test id: the navigation's accessible name follows the UI language
  await expect(page.getByTestId('views-nav')).toBeVisible();
}

/**
 * Opens the seeded sweep in the Results view and replays it at `pace` ('1' recorded, '4', '0' fastest, '0.1' ten
 * times slower than recorded).
 */
export async function replaySweep(page: Page, pace: '0' | '0.1' | '1' | '4'): Promise<void> {
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

/** The live chart's pixels as a data URL: two snapshots differ when the chart drew something new. */
export async function chartPixels(page: Page): Promise<string> {
  return page
    .locator('.run-output canvas')
    .evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL('image/png'));
}
