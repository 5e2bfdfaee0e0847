/**
 * One record per kernel launch from ncu's raw page (`ncu --import R --csv --page raw --print-units base`, without
 * metric instances): its first row names the columns (`ID`, `Kernel Name`, … then one column per metric), its
 * second row gives the units, then one row per profiled launch. docs/profile.md#what-ncu-writes.
 */
import { NcuParseError } from './ncu-error';
import type { NcuRowReader } from './ncu-rows';
import { ncuDim3, ncuNumber, type Dim3 } from './ncu-values';
import { ALL_PCSAMP_REASONS, pcsampMetric, pctMetric, SYNC_STALL_REASONS } from './stall-reasons';

export interface LaunchRecord {
  /** ncu's launch id (0, 1, … in the order profiled). */
  id: number;
  /** The demangled name with its parameter list, as ncu writes it. */
  kernel: string;
  deviceName: string | null;
  computeCapability: string | null;
  grid: Dim3;
  block: Dim3;
  /** (0, 0, 0) for a launch without clusters. */
  cluster: Dim3;
  durationNs: number | null;
  /** Active cycles summed over the SM sub-partitions: the weight of a launch's shares. */
  activeCycles: number | null;
  /** Share of active warp cycles in each sync-related stall state (%), from the `.pct` metric; null: not collected. */
  stallPct: Record<string, number | null>;
  /** PC samples per stall reason (every reason ncu samples); null: not collected. */
  stallSamples: Record<string, number> | null;
  /** Warp-level instructions per SASS opcode with modifiers (opcode-page.ts); null: no opcode page. */
  opcodeMix: Map<string, number> | null;
}

/**
 * Reads a raw page row by row (model/profile/ncu-rows.ts): the header, the units row, then one record per launch.
 * The instruction mix is not read here: it comes from its own page (opcode-page.ts).
 */
export class RawPageReader implements NcuRowReader {
  private col: Map<string, number> | null = null;
  private readonly out: LaunchRecord[] = [];

  /** @throws NcuParseError naming the missing column or the launch whose shape is not (x, y, z). */
  row(row: string[]): void {
    if (!this.col) {
      this.col = rawHeader(row);
      return;
    }
    const record = launchRecord(row, this.col);
    if (record) this.out.push(record);
  }

  /** The launch records read so far, in ncu's order. */
  records(): LaunchRecord[] {
    return this.out;
  }
}

/** The raw page's column index by name. @throws NcuParseError when the first row is not its header. */
function rawHeader(header: string[]): Map<string, number> {
  if (header[0] !== 'ID') {
    throw new NcuParseError(
      'the raw page has no header row starting with "ID" (expected ncu --csv --page raw)',
    );
  }
  const col = new Map(header.map((name, i) => [name, i]));
  for (const name of ['Kernel Name', 'Grid Size', 'Block Size']) {
    if (!col.has(name)) throw new NcuParseError(`the raw page has no column "${name}"`);
  }
  return col;
}

/** One launch's record; null for the units row. @throws NcuParseError on a shape that is not (x, y, z). */
function launchRecord(row: string[], col: Map<string, number>): LaunchRecord | null {
  const at = (name: string) => {
    const i = col.get(name);
    return i === undefined ? undefined : row[i];
  };
  const id = ncuNumber(at('ID'));
  if (id === null) return null; // the units row
  const grid = ncuDim3(at('Grid Size'));
  const block = ncuDim3(at('Block Size'));
  if (!grid || !block) {
    throw new NcuParseError(
      `launch ${id}: grid "${at('Grid Size')}" or block "${at('Block Size')}" is not (x, y, z)`,
    );
  }
  const num = (name: string) => ncuNumber(at(name));
  const stallPct: Record<string, number | null> = {};
  for (const { reason } of SYNC_STALL_REASONS) stallPct[reason] = num(pctMetric(reason));
  const samples: Record<string, number> = {};
  for (const reason of ALL_PCSAMP_REASONS) {
    const v = num(pcsampMetric(reason));
    if (v !== null) samples[reason] = v;
  }
  return {
    id,
    kernel: at('Kernel Name') ?? '',
    deviceName: at('device__attribute_display_name') || null,
    computeCapability: at('CC') || null,
    grid,
    block,
    cluster: {
      x: num('launch__cluster_dim_x') ?? 0,
      y: num('launch__cluster_dim_y') ?? 0,
      z: num('launch__cluster_dim_z') ?? 0,
    },
    durationNs: num('gpu__time_duration.sum'),
    activeCycles: num('smsp__cycles_active.sum'),
    stallPct,
    stallSamples: Object.keys(samples).length > 0 ? samples : null,
    opcodeMix: null,
  };
}
