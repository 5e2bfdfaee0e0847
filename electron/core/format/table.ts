/**
 * A result as a terminal table (drawn as cli-table3 draws it, plain-table.ts; no colours so it pipes cleanly): a heading with the device and
 * versions, the point table (POINT_COLUMNS), the headline ratios, the flagged points and the source.
 */
import type { ResultFile } from '../../model/results/schema';
import { columnNames, displayRow } from '../../model/format/columns';
import { drawTable } from './plain-table';
import {
  appText,
  deviceText,
  flagGroups,
  pointList,
  ratioText,
  shownRatios,
  sourceText,
  statusText,
  versionsText,
} from './summary';

/** The terminal text of `result`, ending with a newline. */
export function formatTable(result: ResultFile): string {
  const ratios = shownRatios(result);
  const flagged = flagGroups(result).filter((g) => g.points.length > 0);
  const lines = [
    `${result.name} (mode ${result.plan.mode}, ${statusText(result)}, ${result.provenance.startedAt})`,
    `Device: ${deviceText(result)}`,
    `Versions: ${versionsText(result)}; ${appText(result)}`,
    drawTable(
      columnNames(),
      result.points.map((p) => displayRow(p)),
    ),
    `Ratios: ${ratios.length > 0 ? ratios.map((r) => `${r.name} ${ratioText(r)}`).join('; ') : 'none'}`,
    ...flagged.map((g) => `${g.title}: ${pointList(g.points)}`),
    ...result.notes.map((n) => `Note: ${n}`),
    `Source: ${sourceText(result)}`,
  ];
  return `${lines.join('\n')}\n`;
}
