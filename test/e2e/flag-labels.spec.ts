/**
 * Flag labels in real Chromium (docs/figures.md#flag-labels): every "⚠ noisy" (and other flag) label written on
 * the measured `fences` facets and on the seeded sweep is recorded where the page writes it, its box taken from
 * Chromium's own text metrics (the ⚠ comes from whatever font the system has): no two boxes of one chart overlap,
 * and every box lies inside the plot, off the axes' tick labels and the legend.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import type { ResultFile } from '../../electron/model/results/schema';
import { fixture, openView } from './app';

const fences = JSON.parse(
  readFileSync(
    path.join(import.meta.dirname, '..', '..', 'resources', 'reference', 'h200-fences.json'),
    'utf8',
  ),
) as ResultFile;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  text: string;
}

/** Records, per canvas, the ink box of every flag label (11 px text starting with a flag) as last drawn. */
function recordLabels(): void {
  const boxes = new WeakMap<HTMLCanvasElement, Box[]>();
  const all: HTMLCanvasElement[] = [];
  const proto = CanvasRenderingContext2D.prototype;
  const fillText = proto.fillText;
  const clearRect = proto.clearRect;
  proto.clearRect = function (...args: Parameters<typeof clearRect>) {
    // Chart.js clears the whole canvas before each redraw: the boxes start over.
    boxes.set(this.canvas, []);
    if (!all.includes(this.canvas)) all.push(this.canvas);
    return clearRect.apply(this, args);
  };
  proto.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
    if (/^(⚠|✗|<)/.test(text) && this.font.startsWith('11px')) {
      const m = this.measureText(text);
      const list = boxes.get(this.canvas) ?? [];
      list.push({
        left: x - m.actualBoundingBoxLeft,
        right: x + m.actualBoundingBoxRight,
        top: y - m.actualBoundingBoxAscent,
        bottom: y + m.actualBoundingBoxDescent,
        text,
      });
      boxes.set(this.canvas, list);
    }
    return fillText.call(this, text, x, y, maxWidth);
  };
  (window as unknown as { flagBoxes: () => Box[][] }).flagBoxes = () =>
    all.filter((c) => c.isConnected).map((c) => boxes.get(c) ?? []);
}

function overlapping(boxes: Box[]): string[] {
  const pairs: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        pairs.push(`${JSON.stringify(a)} × ${JSON.stringify(b)}`);
    }),
  );
  return pairs;
}

/** Labels that stick out of the plot area (a pixel of rounding allowed). */
function outside(boxes: Box[], area: Omit<Box, 'text'>): Box[] {
  return boxes.filter(
    (b) =>
      b.left < area.left - 1 ||
      b.right > area.right + 1 ||
      b.top < area.top - 1 ||
      b.bottom > area.bottom + 1,
  );
}

/** Opens a result and checks the labels of each of its `charts` charts. */
async function checkLabels(page: Page, name: string, charts: number): Promise<number> {
  await openView(page, 'results');
  await page.getByRole('button', { name, exact: true }).click();
  const figures = page.locator('.result-detail .live-chart');
  await expect(figures).toHaveCount(charts);
  const areas: Omit<Box, 'text'>[] = [];
  for (let i = 0; i < charts; i += 1) {
    await expect(figures.nth(i)).toHaveAttribute('data-axes', /area/);
    areas.push(JSON.parse((await figures.nth(i).getAttribute('data-axes'))!).area);
  }
  const labels = await page.evaluate(() => (window as unknown as { flagBoxes: () => Box[][] }).flagBoxes());
  expect(labels).toHaveLength(charts);
  labels.forEach((boxes, i) => {
    expect(overlapping(boxes), `chart ${i}`).toEqual([]);
    expect(outside(boxes, areas[i]!), `chart ${i}`).toEqual([]);
  });
  return labels.flat().length;
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 800, height: 700 },
]) {
  test(`${size.width} px: flag labels of fences and the sweep never overlap`, async ({ page }, testInfo) => {
    await page.setViewportSize(size);
    await page.addInitScript(recordLabels);
    expect(await checkLabels(page, fences.name, 3)).toBeGreaterThan(0);
    await page
      .locator('.result-detail .live-chart')
      .first()
      .screenshot({
        path: testInfo.outputPath(`fences-block-${size.width}.png`),
      });
    await checkLabels(page, fixture.sweep.name, 1);
  });
}
