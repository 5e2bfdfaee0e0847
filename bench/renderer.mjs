/**
 * Renderer benchmark: the browser shell streams SYNTHETIC sweeps (test/fixtures:
 * made-up numbers, real event path; `--synthetic` so a measured 12-point sweep in resources/reference never takes
 * their place) of 1,000 and 10,000 points into the live chart in headless Chromium, at their recorded pace. Measures
 *   - frames per second while the points stream (requestAnimationFrame counted in the page, per 1-s window), when
 *     the worst window began, and the longest gap between two frames;
 *   - long tasks (PerformanceObserver 'longtask': main-thread tasks over 50 ms), the longest of them, and when each
 *     fell (ms after the first point was shown, beside finishedAtMs);
 *   - time to finished: when the page shows Finished, minus (its first point + the sweep's recorded replay time), an
 *     upper bound on how far the page lags behind the host;
 *   - first paint and first contentful paint of the page (performance paint entries), over fresh page loads;
 *   - the first view's bundle: every script and style sheet the page loaded for #/run, gzipped (zlib level 9).
 * Targets: >= 50 fps in every 1-s window, no long task over 100 ms, finished within 1 s, first view < 250 kB gzipped,
 * first contentful paint < 1.5 s. Exits 1 when a target is missed.
 *
 * Usage: node bench/renderer.mjs [--loads 5] [--sizes 1000,10000]    (CHROMIUM_PATH overrides `which chromium`)
 */
/* global window, document, requestAnimationFrame -- the in-page callbacks run in Chromium */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { build } from 'vite';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist', 'renderer');
/** Recorded time per point of each synthetic sweep: 10 s of streaming for 1,000 points, 20 s for 10,000. */
const POINT_MS = { 1000: 10, 10000: 2 };

const TARGETS = { fps: 50, longTaskMs: 100, finishedLagMs: 1000, firstViewGzipBytes: 250_000, fcpMs: 1500 };

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '5' },
    sizes: { type: 'string', default: '1000,10000' },
  },
});

/** Counts animation frames (one sample per second of wall time, the longest gap) and long tasks, in the page. */
function installCounters() {
  const state = {
    windows: [],
    frames: 0,
    windowStart: performance.now(),
    last: performance.now(),
    maxGap: 0,
    longTasks: [],
    firstPointAt: null,
    finishedAt: null,
  };
  const tick = (now) => {
    state.frames += 1;
    state.maxGap = Math.max(state.maxGap, now - state.last);
    state.last = now;
    if (now - state.windowStart >= 1000) {
      state.windows.push([state.windowStart, (state.frames * 1000) / (now - state.windowStart)]);
      state.frames = 0;
      state.windowStart = now;
    }
    if (!state.stopped) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask' });
  // When the first point is counted and when the page says Finished, as the page sees it.
  const watch = () => {
    const progress = document.querySelector('.run-progress');
    const counts = document.querySelector('[data-testid="progress-counts"]');
    if (state.firstPointAt === null && counts && !/^0 \//.test(counts.textContent.trim())) {
      state.firstPointAt = performance.now();
    }
    if (state.finishedAt === null && progress?.classList.contains('finished'))
      state.finishedAt = performance.now();
  };
  new window.MutationObserver(watch).observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  });
  window.__benchCounters = state;
}

function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Paint times of `url` in a fresh context (ms since navigation start) and the files it loaded. */
async function pageLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('nav[aria-label="Views"]');
  await page.waitForLoadState('networkidle');
  const figures = await page.evaluate(() => ({
    paints: Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime])),
    files: performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => /\.(js|css)$/.test(p)),
  }));
  await context.close();
  return {
    fp: figures.paints['first-paint'],
    fcp: figures.paints['first-contentful-paint'],
    files: figures.files,
  };
}

/** Gzipped bytes of the scripts and style sheets the first view loaded (files of dist/renderer). */
async function firstViewBytes(files) {
  const sizes = {};
  for (const file of new Set(files)) {
    const name = path.basename(file);
    const body = await readFile(path.join(distDir, 'assets', name)).catch(() =>
      readFile(path.join(distDir, name)),
    );
    sizes[name] = gzipSync(body, { level: 9 }).length;
  }
  return { total: Object.values(sizes).reduce((a, b) => a + b, 0), files: sizes };
}

/** Streams the fixture's sweep at its recorded pace and returns the frame, long-task and finish figures. */
async function stream(browser, info) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${info.url}#/results`);
  await page.getByRole('button', { name: info.sweep.name }).click();
  await page.locator('#replay-speed').selectOption('1');
  await page.evaluate(installCounters);
  await page.locator('[data-testid="replay-button"]').click();
  await page.locator('.run-progress.finished').waitFor({ timeout: 600_000 });
  await page.waitForTimeout(300);
  const counters = await page.evaluate(() => {
    window.__benchCounters.stopped = true;
    return window.__benchCounters;
  });
  const drawn = Number(await page.locator('.run-output .live-chart').getAttribute('data-points'));
  await context.close();
  const windows = counters.windows.map(([, fps]) => fps);
  const worst = counters.windows.reduce((a, b) => (b[1] < a[1] ? b : a), [0, Infinity]);
  return {
    points: info.sweep.points,
    recordedReplayMs: info.sweep.replayMs,
    drawn,
    meanFps: windows.length ? windows.reduce((a, b) => a + b, 0) / windows.length : null,
    worstWindowFps: windows.length ? Math.min(...windows) : null,
    // When the worst window began: ms after the first point was shown (negative: before it, as the replay started).
    worstWindowAtMs: windows.length ? Math.round(worst[0] - (counters.firstPointAt ?? 0)) : null,
    maxFrameGapMs: counters.maxGap,
    longTasks: counters.longTasks.length,
    longestTaskMs: counters.longTasks.length ? Math.max(...counters.longTasks.map(([, d]) => d)) : 0,
    // Where the long tasks fell: ms after the first point was shown (negative: before it), and their length.
    longTasksAt: counters.longTasks.map(([at, d]) => [
      Math.round(at - (counters.firstPointAt ?? 0)),
      Math.round(d),
    ]),
    finishedAtMs:
      counters.finishedAt === null ? null : Math.round(counters.finishedAt - (counters.firstPointAt ?? 0)),
    finishedLagMs:
      counters.firstPointAt === null || counters.finishedAt === null
        ? null
        : counters.finishedAt - (counters.firstPointAt + info.sweep.replayMs),
  };
}

async function main() {
  const executablePath = process.env.CHROMIUM_PATH || execFileSync('which', ['chromium']).toString().trim();
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  const { launchFixture } = await tsImport('../test/e2e/launch-fixture.ts', import.meta.url);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const figures = { chromium: browser.version(), streams: [] };
  const checks = [];
  try {
    for (const size of values.sizes.split(',').map(Number)) {
      const pointMs = POINT_MS[size] ?? 5;
      const args = ['--synthetic', '--sweep-points', String(size), '--point-ms', String(pointMs)];
      const { info, stop } = await launchFixture(args);
      try {
        if (figures.load === undefined) {
          const loads = [];
          for (let i = 0; i < Number(values.loads); i += 1)
            loads.push(await pageLoad(browser, `${info.url}#/run`));
          const bundle = await firstViewBytes(loads[0].files);
          figures.load = {
            firstPaintMs: median(loads.map((l) => l.fp)),
            firstContentfulPaintMs: median(loads.map((l) => l.fcp)),
            firstViewGzipBytes: bundle.total,
            firstViewFiles: bundle.files,
          };
          checks.push(
            [
              `first contentful paint < ${TARGETS.fcpMs} ms`,
              figures.load.firstContentfulPaintMs < TARGETS.fcpMs,
            ],
            [
              `first view < ${TARGETS.firstViewGzipBytes / 1000} kB gzipped`,
              bundle.total < TARGETS.firstViewGzipBytes,
            ],
          );
        }
        const result = await stream(browser, info);
        figures.streams.push({ replay: `${info.sweep.name}, ${pointMs} ms per point`, ...result });
        checks.push(
          [
            `${size} points: >= ${TARGETS.fps} fps in every 1-s window`,
            (result.worstWindowFps ?? 0) >= TARGETS.fps,
          ],
          [
            `${size} points: no long task over ${TARGETS.longTaskMs} ms`,
            result.longestTaskMs <= TARGETS.longTaskMs,
          ],
          [
            `${size} points: finished within ${TARGETS.finishedLagMs} ms`,
            result.finishedLagMs !== null && result.finishedLagMs <= TARGETS.finishedLagMs,
          ],
          [`${size} points: all drawn`, result.drawn === size],
        );
      } finally {
        await stop();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(figures, null, 2));
  for (const [name, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
  process.exitCode = checks.every(([, ok]) => ok) ? 0 : 1;
}

await main();
