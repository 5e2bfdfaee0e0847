/**
 * Checks across the fields of a result file that its schema cannot express: a result holds at least one point
 * unless it failed, and its headline ratios and notes speak only of points it holds. A file that breaks them would
 * show ratios or warnings about measurements nobody can see.
 */
import type { ResultFile } from '../../model/results/schema';

/** The note that lists points below one SM cycle (electron/core/measure/run.ts writes it): `…uses it: a; b.` */
const SUB_CYCLE_NOTE = /so no per-sync ratio uses it: (.+)\.$/;
/** Notes that count points: `3 point(s) stopped before…`. */
const COUNT_NOTE = /^(\d+) point\(s\) /;

/**
 * Every cross-field problem of `result` as `field: what is wrong` (empty when consistent):
 * - `points`: empty although the status is complete or cancelled;
 * - `ratios[i].numerator` / `.denominator`: a label that is no point's label;
 * - `notes[i]`: counts more points than the file holds, or names a point label that is not in it.
 */
export function consistencyProblems(result: ResultFile): string[] {
  const problems: string[] = [];
  if (result.points.length === 0 && result.status !== 'failed') {
    problems.push(
      `points: a ${result.status} result needs at least one point (only a failed run may have none)`,
    );
  }
  const labels = new Set(result.points.map((p) => p.label));
  result.ratios.forEach((ratio, i) => {
    for (const side of ['numerator', 'denominator'] as const) {
      if (!labels.has(ratio[side])) {
        problems.push(
          `ratios[${i}].${side}: "${ratio[side]}" is not the label of any point in the file ` +
            `(the ratio "${ratio.name}" must divide points the file holds)`,
        );
      }
    }
  });
  result.notes.forEach((note, i) => {
    const count = COUNT_NOTE.exec(note);
    if (count && Number(count[1]) > result.points.length) {
      problems.push(
        `notes[${i}]: speaks of ${count[1]} point(s), but the file holds ${result.points.length}`,
      );
    }
    const listed = SUB_CYCLE_NOTE.exec(note)?.[1]?.split('; ') ?? [];
    const missing = listed.filter((label) => !labels.has(label));
    if (missing.length > 0) {
      problems.push(`notes[${i}]: names points the file does not hold: ${missing.join('; ')}`);
    }
  });
  return problems;
}
