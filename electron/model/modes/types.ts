/**
 * What a measurement mode is: its description and parameters (for the CLI, the Run view and validation), how it
 * turns parameters and a device into points to measure, and which headline ratios it reports.
 */
import type { ModeInfo } from '../../contract';
import type { MeasureBackend } from '../measure/backend';
import type { NativeLaunch, NativePointSpec } from '../native/addon-types';
import type { Device, Plan, Point, Ratio } from '../results/schema';
import type { ModeMethod } from '../words/methods';
import type { SanitizerTool } from './sanitizer-targets';

/** Parameter values after parsing and defaults. */
export type ParamValues = Record<string, number | string | number[]>;

export interface PlanContext {
  device: Device;
  backend: MeasureBackend;
  /** What the plan left out and why (e.g. a GPU pair without peer access); planRun puts these on the result. */
  notes?: string[];
}

/** One point to measure: its place in the chart and the native spec minus the stopping rule. */
export interface PlannedPoint {
  series: string;
  label: string;
  x: number | null;
  op: string;
  incorrect: boolean;
  cooperative: boolean;
  /** Multi-GPU points: GPU A (`device`) and GPU B (`peerDevice`); absent: the run's device. */
  devices?: { device: number; peerDevice: number };
  spec: Omit<
    NativePointSpec,
    | 'device'
    | 'peerDevice'
    | 'warmup'
    | 'minReps'
    | 'maxReps'
    | 'minTimeMs'
    | 'maxTimeMs'
    | 'targetRelCi'
    | 'ciLoRanks'
  > & { launch: NativeLaunch };
}

export interface ModeDefinition {
  /**
   * Place in the mode list (MODES, modes/all.generated.ts: the CLI's `modes`, the Run view): smaller first, unique;
   * spaced by 10 so that a new mode fits between two.
   */
  rank: number;
  info: ModeInfo;
  /**
   * What the mode measures, kernel by kernel: one KernelMethod per workload `plan` uses (once, however many points
   * use it) and the notes a reader needs. The Methods text is written from it (electron/model/methods/sections.ts);
   * test/unit/methods/kernels.test.ts checks every fact against the planned points.
   */
  method: ModeMethod;
  xAxis: Plan['xAxis'];
  /**
   * Builds the points. Throws PlanError (INVALID with field messages) for shapes the device cannot run, e.g. a
   * grid above the cooperative limit.
   */
  plan(params: ParamValues, ctx: PlanContext): Promise<PlannedPoint[]>;
  /**
   * Checks that need no device (run before the device is resolved, so a request can be checked on a machine without
   * a GPU); throws PlanError(INVALID) with field messages.
   */
  checkParams?(params: ParamValues): void;
  /** Headline ratios from the measured points (never from points marked incorrect). */
  ratios(points: Point[]): Ratio[];
  /** compute-sanitizer tools to run on the verification kernels after the measurement (correctness mode). */
  sanitizerTools?(params: ParamValues): SanitizerTool[];
}
