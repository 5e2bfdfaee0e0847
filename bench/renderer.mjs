/**
 * Renderer benchmark (issue 3 §5): the browser shell streams a 1,000-point replay (SYNTHETIC sweep from
 * test/fixtures: made-up numbers, real event path) into the live chart in headless Chromium. Measures
 *   - frames per second while the points stream (requestAnimationFrame counted in the page, per 1-s window), and
 *     the longest gap between two frames;
 *   - first paint and first contentful paint of the page (performance paint entries), over fresh page loads.
 * Targets: > 30 fps during the stream, first paint < 1.5 s. Exits 1 when a target is missed.
 *
 * Usage: node bench/renderer.mjs [--point-ms 10] [--loads 5]    (CHROMIUM_PATH overrides `which chromium`)
 */
/* global window, requestAnimationFrame -- installFrameCounter and the evaluate callbacks run in the page */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { build } from 'vite';

const POINTS = 1000;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const root = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: { 'point-ms': { type: 'string', default: '10' }, loads: { type: 'string', default: '5' } },
});
const pointMs = Number(values['point-ms']);

/** Counts animation frames in the page: one sample per second of wall time, plus the longest frame gap. */
function installFrameCounter() {
  const state = {
    windows: [],
    frames: 0,
    windowStart: performance.now(),
    last: performance.now(),
    maxGap: 0,
  };
  const tick = (now) => {
    state.frames += 1;
    state.maxGap = Math.max(state.maxGap, now - state.last);
    state.last = now;
    if (now - state.windowStart >= 1000) {
      state.windows.push((state.frames * 1000) / (now - state.windowStart));
      state.frames = 0;
      state.windowStart = now;
    }
    if (!state.stopped) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__frameCounter = state;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** First paint / first contentful paint of `url` in a fresh context, in ms since navigation start. */
async function paintTimes(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('nav[aria-label="Views"]');
  const paints = await page.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime])),
  );
  await context.close();
  return { fp: paints['first-paint'], fcp: paints['first-contentful-paint'] };
}

/** Streams the replay at `speed` and returns the frame figures and the points the chart drew. */
async function streamFps(browser, info, speed) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${info.url}#/results`);
  await page.getByRole('button', { name: info.sweep.name }).click();
  await page.locator('#replay-speed').selectOption(String(speed));
  await page.evaluate(installFrameCounter);
  const started = Date.now();
  await page.getByRole('button', { name: 'Replay' }).click();
  await page.locator('.run-progress .phase', { hasText: 'REPLAY · Finished' }).waitFor({ timeout: 600_000 });
  const streamMs = Date.now() - started;
  const counter = await page.evaluate(() => {
    window.__frameCounter.stopped = true;
    return window.__frameCounter;
  });
  const drawn = Number(await page.locator('.run-output .live-chart').getAttribute('data-points'));
  await context.close();
  const windows = counter.windows;
  return {
    streamMs,
    drawn,
    meanFps: windows.length ? windows.reduce((a, b) => a + b, 0) / windows.length : null,
    worstWindowFps: windows.length ? Math.min(...windows) : null,
    maxFrameGapMs: counter.maxGap,
  };
}

async function main() {
  const executablePath = process.env.CHROMIUM_PATH || execFileSync('which', ['chromium']).toString().trim();
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  const { launchFixture } = await tsImport('../test/e2e/launch-fixture.ts', import.meta.url);
  const { info, stop } = await launchFixture([
    '--sweep-points',
    String(POINTS),
    '--point-ms',
    String(pointMs),
  ]);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const loads = [];
    for (let i = 0; i < Number(values.loads); i += 1) loads.push(await paintTimes(browser, info.url));
    const recorded = await streamFps(browser, info, 1);
    const fastest = await streamFps(browser, info, 0);
    const firstPaint = median(loads.map((l) => l.fp));
    const figures = {
      chromium: browser.version(),
      replay: `${info.sweep.name} (${POINTS} points, ${pointMs} ms each at the recorded pace)`,
      firstPaintMs: { median: firstPaint, all: loads.map((l) => l.fp) },
      firstContentfulPaintMs: { median: median(loads.map((l) => l.fcp)) },
      recordedPace: recorded,
      asFastAsPossible: fastest,
    };
    console.log(JSON.stringify(figures, null, 2));
    const checks = [
      ['first paint < 1500 ms', firstPaint < 1500],
      ['> 30 fps in every 1-s window of the recorded-pace stream', (recorded.worstWindowFps ?? 0) > 30],
      [`all ${POINTS} points drawn (recorded pace)`, recorded.drawn === POINTS],
      [`all ${POINTS} points drawn (as fast as possible)`, fastest.drawn === POINTS],
    ];
    for (const [name, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
    process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
