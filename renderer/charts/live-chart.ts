/**
 * A chart on a canvas that grows batch by batch: the Chart.js instance and its data live here, outside Vue's
 * reactivity (components hold this object with `markRaw`/`shallowRef`), and every batch redraws with
 * `update('none')` (no animation, DESIGN.md §6).
 */
import { Chart } from 'chart.js';
import type { Point } from '../../electron/core/results/schema';
import { appendPoints, buildChartModel, type ChartModel, type ChartSpec } from './config';
import type { WorkbenchChartType } from './datasets';
import type { ChartEntry } from './datum';
import { registerCharts } from './register';

export class LiveChart {
  private readonly model: ChartModel;
  private readonly chart: Chart<WorkbenchChartType, ChartEntry[], string> | null;

  /** Builds the chart of `points` on `canvas`; without a 2D context it keeps the data and draws nothing. */
  constructor(
    canvas: HTMLCanvasElement,
    private readonly spec: ChartSpec,
    points: readonly Point[],
  ) {
    registerCharts();
    this.model = buildChartModel(spec, points);
    const context = canvas.getContext('2d');
    this.chart = context ? new Chart(context, this.model.config) : null;
  }

  /** Whether the browser gave the chart a drawing surface. */
  get drawable(): boolean {
    return this.chart !== null;
  }

  /**
   * Series and points drawn so far, points without a value in the chosen unit, and points a log y axis cannot draw
   * (value ≤ 0).
   */
  counts(): { series: number; points: number; skipped: number; nonPositive: number } {
    return {
      series: this.model.series,
      points: this.model.drawn,
      skipped: this.model.skipped,
      nonPositive: this.model.nonPositive,
    };
  }

  /** Where Chart.js starts the y axis as drawn (null without a drawing surface). */
  get yAxisStart(): number | null {
    return this.chart?.scales.y?.min ?? null;
  }

  /** Appends one batch and redraws once, without animation. */
  append(points: readonly Point[]): void {
    appendPoints(this.model, this.spec, points);
    this.chart?.update('none');
  }

  /** Releases the canvas. */
  destroy(): void {
    this.chart?.destroy();
  }
}
