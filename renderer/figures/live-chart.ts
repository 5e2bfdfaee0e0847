/**
 * A chart on a canvas that grows batch by batch: the Chart.js instance and its data live here, outside Vue's
 * reactivity (components hold this object with `markRaw`/`shallowRef`). A batch updates the model at once (counts
 * stay exact) but the canvas is redrawn at most once per animation frame, with `update('none')` (no animation,
 * docs/architecture.md), and never more than a tenth of the time: after a redraw that took d ms the next waits 9·d, so a
 * fast stream cannot starve the page (the page kept up 61 s late when every batch redrew at once).
 */
import { Chart } from 'chart.js';
import type { Point } from '../../electron/model/results/schema';
import {
  appendPoints,
  buildChartModel,
  marksDrawn,
  readoutLines,
  resolutionNote,
  settleMarks,
  type ChartModel,
  type ChartSpec,
} from './config';
import { isOverlay, type WorkbenchChartType } from './datasets';
import { isDatum, metricUnit, type ChartEntry } from './datum';
import { translatorFor } from './translate';
import { isZoomed, pointsInView, resetZoom, zoomKey, zoomOptions, zoomReady, zoomStep } from './zoom';
import { inArea, stepInView, type PixelPoint } from './zoom-focus';
import { registerCharts } from './register';
import { drawnAxes, type ChartAxes } from './drawn-axes';
import { holdingYAxis, releaseYAxis } from './held-axis';

/**
 * A redraw may take at most this share of the main thread while points stream: a redraw is one frame that takes
 * long, so at a share of 0.2 no 1-s window could reach 50 fps once a redraw takes longer than a frame.
 */
const REDRAW_SHARE = 0.1;

export type { ChartAxes } from './drawn-axes';

export class LiveChart {
  private readonly model: ChartModel;
  private destroyed = false;
  /** The point of the read-out: a dataset and an index into its data. */
  private active: { dataset: number; index: number } | null = null;
  private readonly context: CanvasRenderingContext2D | null;
  private chart: Chart<WorkbenchChartType, ChartEntry[], string> | null = null;
  private creating: ReturnType<typeof setTimeout> | null = null;
  private frame: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private nextDrawAt = 0;

  /**
   * Builds the model of `points` at once (counts are exact) and the Chart.js instance on `canvas` in a task of its
   * own: a view that mounts a chart (the Run view when a replay starts) already takes one long task, and Chart.js
   * in the same task made it one over 100 ms (bench/renderer.mjs, 10,000 points). Without a 2D context it keeps the
   * data and draws nothing. `onDrawn` is called after the chart is created and after each redraw.
   */
  constructor(
    canvas: HTMLCanvasElement,
    private readonly spec: ChartSpec,
    points: readonly Point[],
    private readonly onDrawn: () => void = () => undefined,
  ) {
    registerCharts();
    this.model = buildChartModel(spec, points);
    this.context = canvas.getContext('2d');
    const context = this.context;
    if (!context) return;
    const create = (zoom: boolean) => {
      if (this.destroyed) return;
      settleMarks(this.model, this.spec);
      const options = this.model.config.options!;
      if (zoom) Object.assign(options.plugins!, { zoom: zoomOptions(() => this.onDrawn()) });
      options.onHover = (_event, elements) => {
        const [first] = elements;
        if (first) this.readAt(first.datasetIndex, first.index, false);
      };
      this.chart = new Chart(context, this.model.config);
      this.onDrawn();
    };
    this.creating = setTimeout(() => {
      this.creating = null;
      const ready = zoomReady();
      if (typeof ready === 'boolean') create(ready);
      else void ready.then(create);
    }, 0);
  }

  /** What the point last hovered or stepped to says (series, median, interval, unit, n), or null. */
  get readout(): string | null {
    if (!this.active) return null;
    const datum = this.model.config.data.datasets[this.active.dataset]?.data[this.active.index];
    if (!isDatum(datum)) return null;
    const unit = metricUnit(this.model.metric ?? 'perSync', this.spec.units);
    const locale = this.spec.locale ?? 'en';
    return [datum.label, ...readoutLines(datum, unit, translatorFor(locale), locale)].join(' · ');
  }

  /** Whether the chart is zoomed or panned away from its full view. */
  get zoomed(): boolean {
    return this.chart ? isZoomed(this.chart) : false;
  }

  /** Back to the full view. */
  resetZoom(): void {
    if (this.chart) resetZoom(this.chart);
    this.afterReset();
  }

  /** After a reset of the zoom: the y axis the batches drawn while zoomed would have chosen (held-axis.ts). */
  private afterReset(): void {
    if (this.chart && !isZoomed(this.chart)) {
      releaseYAxis(this.model, this.spec);
      this.chart.update('none');
    }
    this.onDrawn();
  }

  /**
   * Zooms in (1) or out (−1) one step (the Zoom in / Zoom out buttons) about the read-out's point if it is in view,
   * else about the points in view (zoom.ts zoomStep).
   */
  zoomBy(direction: 1 | -1): void {
    if (this.chart) zoomStep(this.chart, direction, this.selectedPixel());
    this.onDrawn();
  }

  /** While zoomed, how many points (marks, where decimated) are drawn in the plot; null in the full view. */
  get pointsInView(): number | null {
    return this.chart ? pointsInView(this.chart) : null;
  }

  /** Where the read-out's point is drawn (CSS pixels), or null without one. */
  private selectedPixel(): PixelPoint | null {
    if (!this.chart || !this.active) return null;
    const element = this.chart.getDatasetMeta(this.active.dataset).data[this.active.index];
    return element ? { x: element.x, y: element.y } : null;
  }

  /** The indexes of a dataset's points drawn inside the plot (all of them before the chart is laid out). */
  private indexesInView(dataset: number): number[] {
    const entries = this.model.config.data.datasets[dataset]?.data ?? [];
    const area = this.chart?.chartArea;
    const elements = this.chart?.getDatasetMeta(dataset).data ?? [];
    return entries.flatMap((_e, i) => {
      const element = elements[i];
      return !area || (element && inArea({ x: element.x, y: element.y }, area)) ? [i] : [];
    });
  }

  /**
   * The plot's area on the canvas (CSS pixels from its top left corner) and the range and kind of each axis as
   * drawn, or null before the chart is created: what the user's pixels mean, for tests in a real browser.
   */
  get axes(): ChartAxes | null {
    return drawnAxes(this.chart);
  }

  /**
   * A key pressed on the focused chart: + − 0 and Shift + arrows zoom, pan and reset (zoom.ts); ← → step the
   * read-out along a series, ↑ ↓ to the next series. Returns whether the key was used.
   */
  key(event: Pick<KeyboardEvent, 'key' | 'shiftKey'>): boolean {
    if (!this.chart) return false;
    if (zoomKey(this.chart, event, this.selectedPixel())) {
      if (event.key === '0') this.afterReset();
      else this.onDrawn();
      return true;
    }
    const steps: Record<string, [number, -1 | 0 | 1]> = {
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
    };
    const step = steps[event.key];
    if (!step) return false;
    const series = this.model.config.data.datasets.flatMap((d, i) => (isOverlay(d) ? [] : [i]));
    if (series.length === 0) return true;
    const at = this.active ? Math.max(0, series.indexOf(this.active.dataset)) : 0;
    // Only points in view are read out: a series with none in view is passed over.
    for (let tried = 1; tried <= series.length; tried += 1) {
      const move = step[0] === 0 ? 0 : step[0] * tried;
      const dataset = series[(((at + move) % series.length) + series.length) % series.length]!;
      const index = stepInView(this.indexesInView(dataset), this.active?.index ?? null, step[1]);
      if (index !== null) {
        this.readAt(dataset, index, true);
        return true;
      }
      if (step[0] === 0) break;
    }
    return true;
  }

  /** Whether the browser gave the chart a drawing surface. */
  get drawable(): boolean {
    return this.context !== null;
  }

  /**
   * Series and points drawn so far, points without a value in the chosen unit, points a log y axis cannot draw
   * (value ≤ 0), and the marks that stand for the line points (fewer when decimated).
   */
  counts(): { series: number; points: number; skipped: number; nonPositive: number; marks: number } {
    return {
      series: this.model.series,
      points: this.model.drawn,
      skipped: this.model.skipped,
      nonPositive: this.model.nonPositive,
      marks: marksDrawn(this.model),
    };
  }

  /** Why an 'auto' y axis stays linear over more than two decades (null: no note). */
  get axisNote(): string | null {
    return this.model.axisNote;
  }

  /** How many values lie below the timer's resolution and are drawn up to it (null: none). */
  get resolutionNote(): string | null {
    return resolutionNote(this.model, this.spec);
  }

  /** Where Chart.js starts the y axis as drawn (null without a drawing surface, or before the chart is created). */
  get yAxisStart(): number | null {
    return this.chart?.scales.y?.min ?? null;
  }

  /** The plot's (chart area's) share of the figure's height, 0–1 (null before the chart is created). */
  get plotShare(): number | null {
    if (!this.chart?.chartArea || !this.chart.height) return null;
    return this.chart.chartArea.height / this.chart.height;
  }

  /** The point marker of each series drawn (not the overlays), in dataset order (as seriesLooks). */
  get seriesMarkers(): string[] {
    return this.model.config.data.datasets.flatMap((d) =>
      isOverlay(d) ? [] : [String((d as { pointStyle?: unknown }).pointStyle ?? 'none')],
    );
  }

  /** "colour dash" of each series drawn (not the overlays), in dataset order: two equal ones would look alike. */
  get seriesLooks(): string[] {
    return this.model.config.data.datasets.flatMap((d) => {
      if (isOverlay(d)) return [];
      const { seriesColor, borderDash } = d as { seriesColor?: string; borderDash?: number[] };
      return [`${seriesColor} ${JSON.stringify(borderDash ?? [])}`];
    });
  }

  /**
   * Appends one batch to the model (its counts are exact at once); the marks of a decimated series and the canvas
   * follow at the next allowed frame (without a drawing surface, at once). While zoomed the y axis stays as the
   * user zoomed it.
   */
  append(points: readonly Point[]): void {
    const add = () => appendPoints(this.model, this.spec, points, { settle: this.context === null });
    // A zoomed chart keeps the user's y axis until the zoom is reset (held-axis.ts).
    if (this.chart && isZoomed(this.chart)) holdingYAxis(this.model, add);
    else add();
    this.scheduleDraw();
  }

  /**
   * Draws what is pending at the next animation frame, whatever the redraw share (the run ended), so the view's
   * own update and the redraw are two tasks, not one long one.
   */
  drawNextFrame(): void {
    this.cancelScheduled();
    if (!this.chart) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.draw();
    });
  }

  /** Releases the canvas. */
  destroy(): void {
    this.destroyed = true;
    if (this.creating !== null) clearTimeout(this.creating);
    this.creating = null;
    this.cancelScheduled();
    this.chart?.destroy();
  }

  /** Makes a point the read-out's; `show` also shows its tooltip (a key press: the pointer shows its own). */
  private readAt(dataset: number, index: number, show: boolean): void {
    this.active = { dataset, index };
    const chart = this.chart;
    if (show && chart) {
      const element = chart.getDatasetMeta(dataset).data[index];
      const active = [{ datasetIndex: dataset, index }];
      chart.setActiveElements(active);
      if (element) chart.tooltip?.setActiveElements(active, { x: element.x, y: element.y });
      chart.update('none');
    }
    this.onDrawn();
  }

  private scheduleDraw(): void {
    if (!this.chart || this.frame !== null || this.timer !== null) return;
    const wait = this.nextDrawAt - performance.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.scheduleDraw();
      }, wait);
      return;
    }
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.draw();
    });
  }

  private draw(): void {
    if (!this.chart) return;
    const start = performance.now();
    settleMarks(this.model, this.spec);
    this.chart.update('none');
    const took = performance.now() - start;
    this.nextDrawAt = performance.now() + took * (1 / REDRAW_SHARE - 1);
    this.onDrawn();
  }

  private cancelScheduled(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    if (this.timer !== null) clearTimeout(this.timer);
    this.frame = null;
    this.timer = null;
  }
}
