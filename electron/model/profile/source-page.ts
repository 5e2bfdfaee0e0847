/**
 * Stalls per CUDA source line from ncu's source page (`--page source --print-source cuda,sass --csv`; the program
 * built with -lineinfo): blocks of `"File Path",…` and `"Function Name",…` then a header (`Line No`, `Source`,
 * `Address`, …, `stall_barrier`, …, `stall_membar`, …) and rows; a row with a line number carries that line's sums,
 * the rows under it (no line number) its SASS. docs/profile.md#source-lines.
 */
import { ncuNumber } from './ncu-values';

export interface SourceLine {
  /** The kernel's demangled name with parameters, as the page names it. */
  kernel: string;
  file: string;
  line: number;
  source: string;
  /** PC samples stalled at a block barrier / a memory fence on this line. */
  barrierSamples: number;
  membarSamples: number;
  /** Every PC sample on this line. */
  samples: number;
}

export interface SourcePage {
  lines: SourceLine[];
  /** The source files each kernel's code comes from. */
  filesByKernel: Map<string, Set<string>>;
}

/** Parses a cuda,sass source page's rows; a page without line information gives no lines. */
export function parseSourcePage(rows: readonly string[][]): SourcePage {
  const lines: SourceLine[] = [];
  const filesByKernel = new Map<string, Set<string>>();
  let file = '';
  let kernel = '';
  let col: Map<string, number> | null = null;
  for (const row of rows) {
    if (row[0] === 'File Path' || row[0] === 'File Name') {
      file = row[1] ?? '';
      continue;
    }
    if (row[0] === 'Function Name' || row[0] === 'Kernel Name') {
      kernel = row[1] ?? '';
      if (!filesByKernel.has(kernel)) filesByKernel.set(kernel, new Set());
      filesByKernel.get(kernel)?.add(file);
      continue;
    }
    if (row[0] === 'Line No' || row[0] === 'Address') {
      col = new Map(row.map((name, i) => [name, i]));
      continue;
    }
    const line = ncuNumber(row[0]);
    if (!col || line === null) continue;
    const value = (name: string) => {
      const i = col?.get(name);
      return i === undefined ? 0 : (ncuNumber(row[i]) ?? 0);
    };
    lines.push({
      kernel,
      file,
      line,
      source: (row[1] ?? '').trim(),
      barrierSamples: value('stall_barrier'),
      membarSamples: value('stall_membar'),
      samples: value('Warp Stall Sampling (All Samples)'),
    });
  }
  return { lines, filesByKernel };
}

/** The part of cooperative_groups that implements grid.sync() (a kernel whose code comes from it calls it). */
const GRID_SYNC_SOURCE = /cooperative_groups\/details\/sync\.h$/;

/** Whether the kernel's code includes cooperative_groups' grid sync; null when the page has no line info for it. */
export function callsGridSync(page: SourcePage, kernel: string): boolean | null {
  const files = page.filesByKernel.get(kernel);
  if (!files || files.size === 0) return null;
  return [...files].some((f) => GRID_SYNC_SOURCE.test(f));
}

/** The `limit` lines of `kernel` with the most barrier + fence stall samples (lines with none left out). */
export function topStallLines(page: SourcePage, kernel: string, limit: number): SourceLine[] {
  return page.lines
    .filter((l) => l.kernel === kernel && l.barrierSamples + l.membarSamples > 0)
    .sort(
      (a, b) => b.barrierSamples + b.membarSamples - (a.barrierSamples + a.membarSamples) || a.line - b.line,
    )
    .slice(0, limit);
}
