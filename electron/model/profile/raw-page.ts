/**
 * One record per kernel launch from ncu's raw page (`ncu --import R --csv --page raw --print-units base
 * --print-metric-instances details`): its first row names the columns (`ID`, `Kernel Name`, … then one column per
 * metric), its second row gives the units, then one row per profiled launch. docs/profile.md#what-ncu-writes.
 */
import { NcuParseError } from './ncu-error';
import { ncuDim3, ncuInstances, ncuNumber, type Dim3 } from './ncu-values';
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
  /** Warp-level instructions per SASS opcode with modifiers; null: exported without metric instances. */
  opcodeMix: Map<string, number> | null;
}

const MIX_METRIC = 'sass__inst_executed_per_opcode_with_modifier_all';

/** The launch records of a raw page's rows (core/profile/ncu-csv.ts). @throws NcuParseError naming the missing column. */
export function parseRawPage(rows: readonly string[][]): LaunchRecord[] {
  const header = rows[0];
  if (!header || header[0] !== 'ID') {
    throw new NcuParseError(
      'the raw page has no header row starting with "ID" (expected ncu --csv --page raw)',
    );
  }
  const col = new Map(header.map((name, i) => [name, i]));
  const need = (name: string) => {
    const i = col.get(name);
    if (i === undefined) throw new NcuParseError(`the raw page has no column "${name}"`);
    return i;
  };
  const idCol = need('ID');
  const kernelCol = need('Kernel Name');
  const gridCol = need('Grid Size');
  const blockCol = need('Block Size');
  const at = (row: string[], name: string) => {
    const i = col.get(name);
    return i === undefined ? undefined : row[i];
  };
  const records: LaunchRecord[] = [];
  for (const row of rows.slice(1)) {
    const id = ncuNumber(row[idCol]);
    if (id === null) continue; // the units row
    const grid = ncuDim3(row[gridCol]);
    const block = ncuDim3(row[blockCol]);
    if (!grid || !block) {
      throw new NcuParseError(
        `launch ${id}: grid "${row[gridCol]}" or block "${row[blockCol]}" is not (x, y, z)`,
      );
    }
    const num = (name: string) => ncuNumber(at(row, name));
    const stallPct: Record<string, number | null> = {};
    for (const { reason } of SYNC_STALL_REASONS) stallPct[reason] = num(pctMetric(reason));
    const samples: Record<string, number> = {};
    for (const reason of ALL_PCSAMP_REASONS) {
      const v = num(pcsampMetric(reason));
      if (v !== null) samples[reason] = v;
    }
    records.push({
      id,
      kernel: row[kernelCol] ?? '',
      deviceName: at(row, 'device__attribute_display_name') || null,
      computeCapability: at(row, 'CC') || null,
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
      opcodeMix: ncuInstances(at(row, MIX_METRIC)),
    });
  }
  return records;
}
