/** The values a chart has drawn so far, as the 'auto' y axis (axis-choice.ts) weighs them. */
import type { ChartDatum } from './datum';

/** The medians seen so far: the smallest > 0, the largest, and whether any is ≤ 0 or < 0. */
export class AxisTracker {
  minPositive: number | null = null;
  max: number | null = null;
  nonPositive = false;
  negative = false;

  /** Notes a drawn datum (its median, and the lower error-bar end for the log axis's start). */
  add(datum: ChartDatum): void {
    const y = datum.y;
    this.max = this.max === null ? y : Math.max(this.max, y);
    if (y > 0) {
      const low = datum.yMin > 0 ? Math.min(y, datum.yMin) : y;
      this.minPositive = this.minPositive === null ? low : Math.min(this.minPositive, low);
    } else {
      this.nonPositive = true;
    }
    if (y < 0) this.negative = true;
  }

  /** Decades between the smallest positive and the largest median (0 when unknown). */
  decades(): number {
    if (this.minPositive === null || this.max === null || !(this.max > 0)) return 0;
    return Math.log10(this.max / this.minPositive);
  }
}
