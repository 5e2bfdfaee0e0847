/**
 * Export benchmark (docs/exports.md#exports-run-off-the-event-loop): a SYNTHETIC 36,000-point result (made by
 * test/fixtures/synthetic-sweep.ts; not a measurement) is imported into a fresh library and exported in every
 * format through the path the browser shell uses: csv, json, md and html by the service's exportResults (made in
 * its worker thread, handed back as wire bytes) and the reply frame around them (event-frames.ts); png and svg are
 * drawn as `syncbench export` draws them (figure-image.ts; the renderer draws the app's own), for a line chart (the
 * sweep) and a bar chart (the same points as categories), and the drawn image then goes through the service's
 * check as the browser shell's image export does; the terminal table (both column sets) is made as `syncbench export
 * --format table` makes it (core/format in the CLI's thread: its stall is printed, not a target).
 * perf_hooks.monitorEventLoopDelay watches this event loop while the service works.
 *
 *   npx tsx bench/exports.ts [--points 36000] [--reps 1] [--formats csv,json,md,html,table,png,svg]
 *
 * Targets: each export completes within TARGET_MS; no event-loop stall over TARGET_STALL_MS while the service
 * makes one (drawing a figure is the CLI's or the renderer's work, so its stall is printed, not a target).
 * Exits 1 when a target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { drawFigure, figureConfigs } from '../electron/cli/figure-image';
import { formatResult, type TableColumns } from '../electron/core/format';
import { createAddonBackend } from '../electron/core/native/addon-backend';
import type { ResultFile } from '../electron/model/results/schema';
import { createWorkbenchService } from '../electron/core/service/create-service';
import { exportWorkerSource } from '../electron/core/service/export-pool';
import type { WorkbenchService } from '../electron/core/service/service';
import { replyFrame } from '../electron/serve/event-frames';
import { frameBytes } from '../electron/serve/socket-sender';
import { syntheticSweep } from '../test/fixtures/synthetic-sweep';

const TARGET_MS = 10_000;
const TARGET_STALL_MS = 50;
const FORMATS = ['csv', 'json', 'md', 'html', 'table', 'png', 'svg'] as const;
type BenchFormat = (typeof FORMATS)[number];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Row {
  what: string;
  ms: number;
  stallMs: number;
  bytes: number;
  /** Whether the stall is a target (the service's work) or only printed (a figure drawn by the CLI). */
  stallTarget: boolean;
  /** Why the service refused the export (a target missed). */
  refused?: string;
}

/** Runs `work` while the event loop's delay is watched: its wall time and the largest stall, in ms. */
async function watched<T>(work: () => Promise<T> | T): Promise<{ value: T; ms: number; stallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const start = performance.now();
  const value = await work();
  const ms = performance.now() - start;
  // One more turn, so that work done synchronously in one go is recorded as the stall it is.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return { value, ms, stallMs: delay.max / 1e6 };
}

async function textExport(service: WorkbenchService, id: string, format: 'csv' | 'json' | 'md' | 'html') {
  const { value, ms, stallMs } = await watched(async () => {
    const result = await service.exportResultsWire({ ids: [id], format });
    if (!result.ok) throw new Error(`${format}: ${result.message}`);
    return frameBytes(await replyFrame({ kind: 'reply', id: 1, result }));
  });
  return { what: format, ms, stallMs, bytes: value, stallTarget: true } satisfies Row;
}

/** The terminal table as `syncbench export --format table [--columns all]` makes it, from the file's bytes. */
async function tableExport(bytes: Buffer, columns: TableColumns) {
  const { value, ms, stallMs } = await watched(() => {
    const result = JSON.parse(bytes.toString('utf8')) as ResultFile;
    return Buffer.byteLength(formatResult(result, 'table', { columns }));
  });
  return { what: `table ${columns} (CLI)`, ms, stallMs, bytes: value, stallTarget: false } satisfies Row;
}

/** The figure drawn as the CLI draws it, then checked by the service as an image export. */
async function figureExport(
  service: WorkbenchService,
  result: ResultFile,
  format: 'png' | 'svg',
  kind: string,
) {
  const drawn = await watched(() =>
    drawFigure(figureConfigs([result], { format }), format, { width: 960, height: 420 }),
  );
  const image =
    format === 'png' ? `data:image/png;base64,${drawn.value.toString('base64')}` : drawn.value.toString();
  const checked = await watched(async () => {
    const r = await service.exportResultsWire({ ids: [], format, charts: { chart: image } });
    if (!r.ok) return r.message;
    return frameBytes(await replyFrame({ kind: 'reply', id: 1, result: r }));
  });
  return [
    {
      what: `${format} ${kind}: draw (CLI)`,
      ms: drawn.ms,
      stallMs: drawn.stallMs,
      bytes: drawn.value.byteLength,
      stallTarget: false,
    },
    {
      what: `${format} ${kind}: service`,
      ms: checked.ms,
      stallMs: checked.stallMs,
      bytes: typeof checked.value === 'number' ? checked.value : 0,
      stallTarget: true,
      ...(typeof checked.value === 'string' ? { refused: checked.value } : {}),
    },
  ] satisfies Row[];
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      points: { type: 'string', default: '36000' },
      reps: { type: 'string', default: '1' },
      formats: { type: 'string', default: FORMATS.join(',') },
    },
  });
  const points = Number(values.points);
  const formats = values.formats.split(',') as BenchFormat[];
  // Only the bytes are kept: the parsed result (hundreds of MB of objects) would make this thread's own garbage
  // collection stall it, which a server holding no such object does not do. Figures parse it again later.
  const bytes = Buffer.from(`${JSON.stringify(syntheticSweep(points, Number(values.reps)))}\n`, 'utf8');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'syncbench-bench-exports-'));
  const service = createWorkbenchService({
    backend: createAddonBackend(),
    resultsDir: dir,
    resourcesDir: path.join(root, 'resources'),
    reportDir: path.join(root, 'dist', 'report'),
  });
  console.log(
    `SYNTHETIC result (not a measurement): ${points} points, ${(bytes.byteLength / 1e6).toFixed(1)} MB`,
  );
  // This file and export-pool.ts share a module URL when bundled, and both end in .ts under tsx.
  const worker = exportWorkerSource(import.meta.url);
  console.log(
    worker
      ? `text exports made in a worker thread (${worker.eval ? 'the sources, through tsx' : worker.source})`
      : 'text exports made on this thread: no export-worker.js beside the bundle, so not as the browser shell makes them',
  );
  const stored = await service.importResult({
    fileName: 'synthetic-sweep.json',
    bytes: new Uint8Array(bytes),
  });
  if (!stored.ok) throw new Error(`import: ${stored.message}`);
  // This thread idle for as long: what the machine alone (other processes, its other threads) delays it by.
  const idle = await watched(() => new Promise((resolve) => setTimeout(resolve, 3000)));
  const rows: Row[] = [
    { what: 'idle (baseline)', ms: idle.ms, stallMs: idle.stallMs, bytes: 0, stallTarget: false },
  ];
  try {
    for (const format of formats) {
      if (format === 'table') {
        rows.push(await tableExport(bytes, 'compact'), await tableExport(bytes, 'all'));
      } else if (format !== 'png' && format !== 'svg') {
        rows.push(await textExport(service, stored.value.id, format));
      }
    }
    const sweep = JSON.parse(bytes.toString('utf8')) as ResultFile;
    // The same points as categories: a mode drawn as bars (its points have no x).
    const bars: ResultFile = {
      ...sweep,
      plan: { ...sweep.plan, mode: 'modes' },
      points: sweep.points.map((p) => ({ ...p, x: null })),
    };
    for (const format of formats) {
      if (format !== 'png' && format !== 'svg') continue;
      rows.push(...(await figureExport(service, sweep, format, 'line')));
      rows.push(...(await figureExport(service, bars, format, 'bars')));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return report(rows);
}

function report(rows: Row[]): number {
  let missed = 0;
  console.log(
    `${'export'.padEnd(22)} ${'time ms'.padStart(9)} ${'stall ms'.padStart(9)} ${'MB'.padStart(8)}`,
  );
  for (const r of rows) {
    const late = r.ms > TARGET_MS;
    const stalled = r.stallTarget && r.stallMs > TARGET_STALL_MS;
    if (late || stalled || r.refused) missed += 1;
    const stall = `${r.stallMs.toFixed(0)}${r.stallTarget ? '' : '*'}`;
    const flags = [
      late ? `over ${TARGET_MS} ms` : '',
      stalled ? `stall over ${TARGET_STALL_MS} ms` : '',
      r.refused ? `refused: ${r.refused}` : '',
    ];
    console.log(
      `${r.what.padEnd(22)} ${r.ms.toFixed(0).padStart(9)} ${stall.padStart(9)} ${(r.bytes / 1e6).toFixed(2).padStart(8)}  ${flags.filter(Boolean).join(', ') || 'ok'}`,
    );
  }
  console.log(
    `targets: each under ${TARGET_MS} ms; no stall over ${TARGET_STALL_MS} ms while the service works (* made by the CLI: printed only)`,
  );
  console.log(missed ? `MISSED ${missed} target(s)` : 'all targets met');
  return missed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
