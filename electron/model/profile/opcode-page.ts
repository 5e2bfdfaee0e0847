/**
 * The instruction mix per launch from its own export of the raw page: `ncu --import R --csv --page raw
 * --print-units base --metrics sass__inst_executed_per_opcode_with_modifier_all --print-metric-instances details`.
 * Only this metric's instances are printed (one per SASS opcode with modifiers, a few dozen), not the per-PC
 * instances of every other metric that made a full export with instances 40× larger (docs/profile.md#speed). A
 * full raw page with instances (the older fixtures) carries the same column and is read the same way.
 */
import { NcuParseError } from './ncu-error';
import type { NcuRowReader } from './ncu-rows';
import { ncuInstances, ncuNumber } from './ncu-values';

/** The metric whose instances are the instruction mix (Profiling Guide, "Instruction Statistics"). */
export const MIX_METRIC = 'sass__inst_executed_per_opcode_with_modifier_all';

/** Reads the opcode page row by row: the header, the units row, then each launch's mix by its ncu id. */
export class OpcodePageReader implements NcuRowReader {
  private idCol = -1;
  private mixCol = -1;
  private readonly out = new Map<number, Map<string, number>>();

  /** @throws NcuParseError when the header lacks `ID` or the mix metric's column. */
  row(row: string[]): void {
    if (this.idCol < 0) {
      this.idCol = row[0] === 'ID' ? 0 : -1;
      this.mixCol = row.indexOf(MIX_METRIC);
      if (this.idCol < 0 || this.mixCol < 0) {
        throw new NcuParseError(
          `the opcode page has no "ID" and "${MIX_METRIC}" columns (expected ncu --csv --page raw --metrics ` +
            `${MIX_METRIC} --print-metric-instances details)`,
        );
      }
      return;
    }
    const id = ncuNumber(row[this.idCol]);
    if (id === null) return; // the units row
    const mix = ncuInstances(row[this.mixCol]);
    if (mix) this.out.set(id, mix);
  }

  /** Each launch's mix by ncu's launch id; a launch exported without instances has none. */
  mixes(): Map<number, Map<string, number>> {
    return this.out;
  }
}
