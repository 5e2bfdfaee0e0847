/**
 * The words the method text is written in: every sentence of sections.ts, formula.ts, general.ts and
 * the H200 example, as text or as a function of the facts it states. The structure (which sections, which kernels,
 * which numbers, iteration counts and formulas) stays in those files; a language supplies only these words, so the
 * English (words/en/methods.ts: the CLI, the exports, the report) and the Simplified Chinese
 * (words/zh-CN/methods.ts: the renderer in zh-CN) say the same things. API names, file paths, workload ids, formulas and numbers are passed in and never
 * translated.
 */
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

/** A mode's title and question in the words' language (the renderer's messages; English: the mode's own). */
export interface ModeText {
  title: string;
  question: string;
}

/** The figures of the H200 example (launch-overhead.ts), already formatted ("12.9–13.1 µs", "17.9–18.2×"). */
export interface H200ExampleFigures {
  device: string;
  /** The reference files, each in backticks, joined by ", ". */
  files: string;
  warpsPerBlock: number;
  blocks: number;
  measured: string;
  iters: number;
  wholeBlock: string;
  perBlock: string;
  syncsBlock: string;
  wholeWarp: string;
  perWarp: string;
  syncsWarp: string;
  wholeGrid: string;
  syncsGrid: string;
  gridBlockWhole: string;
  gridBlockPerSync: string;
  blockWarpWhole: string;
}

/** A shared section: its title and paragraphs. */
export interface SectionWords {
  title: string;
  paragraphs: string[];
}

/** The words of one result's own plan (run-method.ts); numbers come formatted, counts as numbers for plurals. */
export interface RunWords {
  /** The line of a published result, which has no plan. */
  published: string;
  /** "Stopping rule of this run: {rule}." */
  stoppingLine(rule: string): string;
  stopping(s: {
    warmup: number;
    targetPct: string;
    minReps: number;
    minTimeMs: string;
    maxTimeMs: string;
    maxReps: number;
  }): string;
  clockNames: Record<'globaltimer' | 'nvml' | 'device-max' | 'none', string>;
  /** One clock: its name, how many points used it, their MHz range (null without one). */
  clockGroup(name: string, points: number, mhz: string | null): string;
  /** The clocks line from its groups, and how many points have no cycles to convert. */
  clocksLine(groups: string[], noCycles: number): string;
  noisy(noisy: number, points: number): string;
  throttled(thresholdPct: string, throttled: number): string;
  /** Cold first launches: how many points, the range of their ms (null: none in this run). */
  cold(points: number, ms: string | null): string;
  /** Verifying points: how many checked their output (0: none in this run) and how many failed. */
  verification(checked: number, failed: number): string;
  /** Put between the flag sentences. */
  sentenceSeparator: string;
  /** A point's verification in the per-point table: values checked and, when it failed, how many mismatched. */
  verificationCell(v: { ok: boolean; verified: number; mismatches: number }): string;
}

export interface MethodWords {
  /** The language of these words (BCP 47). */
  locale: string;
  /** "Mode `warp`: title". */
  modeTitle(id: string, title: string): string;
  /** The section of a mode this version does not describe. */
  unknownModeTitle(id: string): string;
  unknownMode(id: string): string;
  /**
   * The mode's kernels with `body` and `launch` and the mode's notes in this language, or null when these words do
   * not describe this mode yet (its paragraphs are then written in English and marked so).
   */
  modeFacts(id: string, method: ModeMethod): ModeMethod | null;
  /** One kernel's paragraph from its parts (formula and workload without backticks). */
  kernelParagraph(parts: {
    workload: string;
    body: string;
    launch: string;
    iterations: string;
    formula: string;
    baseline: string;
    timer: string;
  }): string;
  /** How the runs are timed, whether the loop gives cycles, whether the output is verified. */
  timerLine(timer: KernelMethod['timer'], cycles: boolean, verified: boolean): string;
  /** What the short run is for a kernel: `itersLo` iterations timed as `timer` says. */
  shortRun(timer: KernelMethod['timer'], itersLo: 'iters' | number): string;
  /** One group of the whole-kernel line: these workloads (each in backticks, joined) and their short run. */
  shortRunGroup(workloads: string[], run: string): string;
  /** The whole-kernel line from its parts (one per group of workloads with the same short run). */
  wholeKernelLine(parts: string[]): string;
  /** "lo = `iters` (default 256), hi = lo + Δ with Δ = 32,768 (by default; …)"; counts already formatted. */
  iterations(
    lo: { iters: true; default: string } | { iters: false; count: string },
    delta: string,
    fixed: boolean,
  ): string;
  /** The suffix of a baseline whose param is the point's own, as in `fadd_work[same param]`. */
  sameParam: string;
  baselineNone: string;
  baselineEmptyLoop: string;
  baselineNamed(name: string): string;
  difference: SectionWords;
  timers: SectionWords;
  /** `citation` is the statistics reference (Le Boudec). */
  stopping(citation: string): SectionWords;
  statistics(citation: string): SectionWords;
  /** The FADD self-test's expected cycles and tolerance. */
  verification(expectedCycles: number, toleranceCycles: number): SectionWords;
  sanitizer: SectionWords;
  /** The shared-GPU flag and the per-GPU lock (docs/methods.md#a-shared-gpu). */
  sharedGpu: SectionWords;
  /** `example`: the H200 example's paragraphs (h200Example). */
  wholeKernel(example: string[]): SectionWords;
  h200Example(f: H200ExampleFigures): string[];
  run: RunWords;
}
