/**
 * Parsers for the raw outputs of the two public suites (scripts/crosscheck/run.sh), as their programs print them:
 *   SyncPerformance (IISWC'24): one run per file, "threads per block: N", "blocks: B", "max per op: X" in SM
 *     cycles (the suite's figure: median over 9 runs of the max over threads of the kernel with two ops per unrolled
 *     step minus the kernel with one, over n_iter × N_UNROLL).
 *   SyncMicrobenchmark (IPDPS'20): tab-separated rows under a header line; BenchmarkInterSM prints grid_sync rows
 *     (basic 256 / more 2816 syncs: m(avginstr) in ns per grid.sync), BenchmarkIntraSM prints blocksync latency rows
 *     (m(avgcycle) in cycles per __syncthreads, one block).
 */

/** One SyncPerformance run. */
export interface SyncPerformanceRun {
  threads: number;
  blocks: number;
  /** The suite's figure, cycles per op. */
  maxPerOpCycles: number;
  medPerOpCycles: number | null;
}

/**
 * Reads one SyncPerformance run's stdout.
 * @throws Error naming the missing line when the output is not a finished run.
 */
export function parseSyncPerformance(text: string, source: string): SyncPerformanceRun {
  const num = (label: string): number | null => {
    const m = new RegExp(`^${label}:\\s*(-?[0-9.]+)\\s*$`, 'm').exec(text);
    return m ? Number(m[1]) : null;
  };
  const threads = num('threads per block');
  const blocks = num('blocks');
  const max = num('max per op');
  if (threads === null || blocks === null || max === null) {
    throw new Error(
      `${source}: not a finished SyncPerformance run (needs "threads per block", "blocks", "max per op")`,
    );
  }
  return { threads, blocks, maxPerOpCycles: max, medPerOpCycles: num('med per op') };
}

/** One SyncMicrobenchmark row: the method name and its named columns. */
export interface SyncMicroRow {
  method: string;
  columns: Record<string, number>;
}

/**
 * Reads SyncMicrobenchmark's tab-separated output: each header line (starting "method\t") names the columns of the
 * rows after it. Lines that are neither (device banners, errors) are skipped.
 */
export function parseSyncMicro(text: string): SyncMicroRow[] {
  const rows: SyncMicroRow[] = [];
  let header: string[] | null = null;
  for (const line of text.split('\n')) {
    const cells = line
      .split('\t')
      .map((c) => c.trim())
      .filter((c, i, all) => c !== '' || i < all.length - 1);
    if (cells[0] === 'method') {
      header = cells;
      continue;
    }
    if (!header || cells.length < header.length || !/^[a-z_]+$/i.test(cells[0] ?? '')) continue;
    const columns: Record<string, number> = {};
    header.slice(1).forEach((name, i) => {
      const v = Number(cells[i + 1]);
      if (Number.isFinite(v)) columns[name] = v;
    });
    rows.push({ method: cells[0]!, columns });
  }
  return rows;
}

/** grid.sync ns per sync at (threads per block, blocks per SM), from BenchmarkInterSM rows. */
export function gridSyncNs(rows: SyncMicroRow[], smCount: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows.filter((x) => x.method === 'grid_sync')) {
    const { blk, thrd } = r.columns;
    const ns = r.columns['m(avginstr)'];
    if (blk === undefined || thrd === undefined || ns === undefined) continue;
    out.set(`${thrd}@${blk / smCount}`, ns);
  }
  return out;
}

/** __syncthreads cycles per sync at threads per block (one block), from BenchmarkIntraSM's latency rows. */
export function blockSyncCycles(rows: SyncMicroRow[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of rows.filter((x) => x.method === 'blocksync' && x.columns['m(avgcycle)'] !== undefined)) {
    const thrd = r.columns.thrd;
    if (thrd !== undefined && !out.has(thrd)) out.set(thrd, r.columns['m(avgcycle)']!);
  }
  return out;
}
