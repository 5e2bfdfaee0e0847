/**
 * The shapes of the method text: sections of paragraphs (inline code in backticks, as in Markdown, so every shell can
 * show them), and the facts about each mode's kernels that the text is written from.
 */

/** A titled part of the method text. */
export interface MethodSection {
  title: string;
  paragraphs: string[];
  /**
   * 'en' when the paragraphs are English although the text was asked for in another language (its words do not
   * describe this mode yet); absent when they are in the asked language.
   */
  lang?: 'en';
}

/**
 * How one workload of a mode is measured: what the mode's plan sets for its points (workload, baseline,
 * unitsPerIter, iteration counts, cooperative launch) and what the kernel reports (timer, cycles, verification).
 * test/unit/methods checks these facts against the plans of electron/model/modes and the H200 reference results.
 */
export interface KernelMethod {
  /** Workload id of the native registry (kernels/registry.cu). */
  workload: string;
  /** The workload parameter when the mode fixes it (fadd_check: 64 FADDs), else null (it varies per point). */
  param: number | null;
  /** What one loop iteration runs: the unit the per-sync figure is per (when unitsPerIter is 1). */
  body: string;
  /** The launch shape, in words, with the parameters that set it. */
  launch: string;
  /** The workload subtracted by the difference method: its param, or 'same' (the point's own param); null: none. */
  baseline: { workload: string; param: number | 'same' } | null;
  /** Units of the primitive per iteration of difference (fadd_check: 64 − 32 = 32 FADDs). */
  unitsPerIter: number;
  /** Iterations of the short run: the mode's `iters` parameter, or a count the mode fixes. */
  itersLo: 'iters' | number;
  /** The long run's extra iterations are the workload's default whatever `deltaIters` says. */
  fixedDelta: boolean;
  /**
   * How the runs are timed: CUDA events around one launch ('events'), CUDA events around the several launches one
   * run makes ('events-all': two-kernel phases, kernel boundaries), or the host's steady clock ('host').
   */
  timer: 'events' | 'events-all' | 'host';
  /** The kernel times its loop with clock64(), so the point has per-sync cycles. */
  cycles: boolean;
  /** Launched cooperatively (co-residency required). */
  cooperative: boolean;
  /** The workload checks its output and counts mismatches. */
  verified: boolean;
}

/** The method facts of one mode. */
export interface ModeMethod {
  kernels: KernelMethod[];
  /** What else a reader must know about this mode's figures. */
  notes: string[];
}
