/**
 * Where a result's numbers come from, in a report's words (docs/exports.md#provenance): the same three cases as
 * the figure footer (renderer/figures/figure.ts provenanceLines). A published result says so with its citation; a
 * reference dataset (one shipped with the app, resources/reference) says it was not measured on this GPU; any
 * other result names the device it was measured on.
 */
import type { ResultFile } from '../../model/results/schema';
import type { ReportWords } from '../../model/words/report';

/**
 * The provenance line of `result` (plain text, data not escaped): `reference` says whether it is a reference
 * dataset shipped with the app. A published result is "published" whether or not it is shipped.
 */
export function provenanceText(result: ResultFile, reference: boolean, words: ReportWords): string {
  const w = words.runPage.provenance;
  if (result.source.kind === 'published') {
    return w.published(result.source.citation ?? words.runPage.sourceNamedBelow);
  }
  const p = result.provenance;
  const device = p.device?.name ?? words.comparison.unknownDevice;
  const date = words.date(p.startedAt);
  return reference ? w.reference(device, date) : w.measured(device, date);
}
