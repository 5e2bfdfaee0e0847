/**
 * Stalls per CUDA source line from ncu's source page (`--page source --print-source cuda,sass --csv`; the program
 * built with -lineinfo): blocks of `"File Path",…` and `"Function Name",…` then a header (`Line No`, `Source`,
 * `Address`, …, `stall_barrier`, …, `stall_membar`, …) and rows; a row with a line number carries that line's sums,
 * the rows under it (no line number) its SASS. docs/profile.md#source-lines.
 */
import type { NcuRowReader } from './ncu-rows';
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
  /** Each kernel's lines by `file:line`, summed over the launches ncu wrote (one block per launch). */
  linesByKernel: Map<string, Map<string, SourceLine>>;
  /** The source files each kernel's code comes from. */
  filesByKernel: Map<string, Set<string>>;
}

/** Reads a cuda,sass source page row by row (model/profile/ncu-rows.ts). */
export class SourcePageReader implements NcuRowReader {
  private readonly page: SourcePage = { linesByKernel: new Map(), filesByKernel: new Map() };
  private file = '';
  private kernel = '';
  private col: Map<string, number> | null = null;

  row(row: string[]): void {
    const head = row[0];
    if (head === 'File Path' || head === 'File Name') {
      this.file = row[1] ?? '';
    } else if (head === 'Function Name' || head === 'Kernel Name') {
      this.kernel = row[1] ?? '';
      const files = this.page.filesByKernel.get(this.kernel) ?? new Set<string>();
      files.add(this.file);
      this.page.filesByKernel.set(this.kernel, files);
    } else if (head === 'Line No' || head === 'Address') {
      this.col = new Map(row.map((name, i) => [name, i]));
    } else {
      this.sourceLine(row);
    }
  }

  private sourceLine(row: string[]): void {
    const line = ncuNumber(row[0]);
    const col = this.col;
    if (!col || line === null) return;
    const value = (name: string) => {
      const i = col.get(name);
      return i === undefined ? 0 : (ncuNumber(row[i]) ?? 0);
    };
    const lines = this.page.linesByKernel.get(this.kernel) ?? new Map<string, SourceLine>();
    this.page.linesByKernel.set(this.kernel, lines);
    const key = `${this.file}:${line}`;
    const seen = lines.get(key) ?? {
      kernel: this.kernel,
      file: this.file,
      line,
      source: (row[1] ?? '').trim(),
      barrierSamples: 0,
      membarSamples: 0,
      samples: 0,
    };
    seen.barrierSamples += value('stall_barrier');
    seen.membarSamples += value('stall_membar');
    seen.samples += value('Warp Stall Sampling (All Samples)');
    lines.set(key, seen);
  }

  /** The page read so far. */
  result(): SourcePage {
    return this.page;
  }
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
  return [...(page.linesByKernel.get(kernel)?.values() ?? [])]
    .filter((l) => l.barrierSamples + l.membarSamples > 0)
    .sort(
      (a, b) => b.barrierSamples + b.membarSamples - (a.barrierSamples + a.membarSamples) || a.line - b.line,
    )
    .slice(0, limit);
}
