/**
 * Nsight Compute's CSV pages, as whole texts (fixtures, the benchmark), to the pages the model builds a profile
 * from; run-ncu.ts streams ncu's output through the same readers (model/profile/ncu-rows.ts).
 */
import type { NcuPages } from '../../model/profile/build-profile';
import { readNcuText } from '../../model/profile/ncu-rows';
import { OpcodePageReader } from '../../model/profile/opcode-page';
import { RawPageReader } from '../../model/profile/raw-page';
import { SourcePageReader } from '../../model/profile/source-page';

/**
 * The raw page, the opcode page (or a raw page exported with every metric's instances, which carries the same
 * column) and the cuda,sass source page, as CSV text; null for a page not exported.
 * @throws NcuParseError when a page is not the one expected (its header names what was missing).
 */
export function pagesFromCsv(raw: string, opcodes: string | null, source: string | null): NcuPages {
  return {
    launches: readNcuText(raw, new RawPageReader()).records(),
    opcodeMix: opcodes === null ? null : readNcuText(opcodes, new OpcodePageReader()).mixes(),
    source: source === null ? null : readNcuText(source, new SourcePageReader()).result(),
  };
}
