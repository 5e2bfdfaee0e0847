/** The notes a measured result carries about its own points (noisy, throttled, failed, below one cycle, incorrect). */
import type { Point } from '../../model/results/schema';

/** One sentence per kind of point a reader should know about; empty when every point is ordinary. */
export function notesOf(points: Point[]): string[] {
  const notes: string[] = [];
  const count = (pred: (p: Point) => boolean) => points.filter(pred).length;
  const noisy = count((p) => p.noisy);
  if (noisy) notes.push(`${noisy} point(s) stopped before reaching the noise target (marked noisy, kept).`);
  const throttled = count((p) => p.clock.throttled);
  if (throttled) notes.push(`${throttled} point(s) ran below the throttle threshold of the peak SM clock.`);
  const failed = count((p) => p.verification !== null && !p.verification.ok);
  if (failed) notes.push(`${failed} point(s) FAILED verification: their outputs did not match.`);
  const subCycle = points
    .filter((p) => p.perSyncCycles && Math.abs(p.perSyncCycles.median) < 1)
    .map((p) => p.label);
  if (subCycle.length) {
    notes.push(
      `Less than one SM cycle per unit (no instruction was emitted for it, or it hides behind the loop; see the SASS), ` +
        `so no per-sync ratio uses it: ${subCycle.join('; ')}.`,
    );
  }
  const incorrect = count((p) => p.incorrect);
  if (incorrect) {
    notes.push(
      `${incorrect} point(s) measure an incorrect protocol (e.g. a volatile flag): shown for cost only, never ranked.`,
    );
  }
  return notes;
}
