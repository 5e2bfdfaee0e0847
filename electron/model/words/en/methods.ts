/**
 * The method text's English words: what the CLI, the Markdown and HTML exports and the English UI show. Written
 * from the code they describe (see sections.ts, formula.ts, general.ts); test/unit/methods/english-output.test.ts
 * keeps the output they make.
 */
import type { MethodWords } from '../methods';
import { countOf as plural } from '../plural';

const TIMERS = {
  events: 'Timed with CUDA events around the launch',
  'events-all': 'Timed with CUDA events around everything one run launches',
  host: 'Timed on the host’s steady clock around the loop of waits',
} as const;

export const METHODS_EN: MethodWords = {
  locale: 'en',
  modeTitle: (id, title) => `Mode \`${id}\`: ${title}`,
  unknownModeTitle: (id) => `Mode \`${id}\``,
  unknownMode: (id) => `This version of Sync Workbench has no description of mode \`${id}\`.`,
  modeFacts: (_id, method) => method,
  kernelParagraph: (p) =>
    [
      `\`${p.workload}\`: each iteration runs ${p.body}.`,
      `Launch: ${p.launch}.`,
      `Iterations: ${p.iterations}.`,
      `Per unit: \`${p.formula}\`.`,
      p.baseline,
      p.timer,
    ].join(' '),
  timerLine: (timer, cycles, verified) => {
    const loop = cycles
      ? '`clock64()` cycles of the loop give per-sync cycles by the same difference'
      : 'no in-kernel loop, so no cycles';
    return `${TIMERS[timer]}; ${loop}.${verified ? ' Output verified (mismatches counted).' : ''}`;
  },
  shortRun: (timer, itersLo) => {
    const lo = itersLo === 'iters' ? '`iters` iterations' : `${itersLo} iteration${itersLo === 1 ? '' : 's'}`;
    if (timer === 'host') return `host time of ${lo}`;
    return timer === 'events' ? `one launch with ${lo}` : `everything launched for ${lo}`;
  },
  shortRunGroup: (workloads, run) => `${workloads.join(', ')}: ${run}`,
  wholeKernelLine: (parts) =>
    `Whole-kernel figure (\`wholeKernelMs\`): the median time of the short run alone — ${parts.join('; ')} — ` +
    'launch overhead included (see “Whole-kernel figure and per-sync figure”).',
  iterations: (lo, delta, fixed) => {
    const first = lo.iters ? `lo = \`iters\` (default ${lo.default})` : `lo = ${lo.count}`;
    const rule = fixed ? 'always' : 'by default; a non-zero `deltaIters` replaces it';
    return `${first}, hi = lo + Δ with Δ = ${delta} (${rule})`;
  },
  sameParam: 'same param',
  baselineNone:
    'No baseline workload: launch overhead cancels in the difference; the loop’s own per-iteration overhead ' +
    'stays in the figure.',
  baselineEmptyLoop:
    'Baseline: the empty loop (`baseline`: clock64() accumulated, nothing else) with the same launch and ' +
    'counts, so loop and clock-read overhead cancel.',
  baselineNamed: (name) => `Baseline: \`${name}\` with the same launch and counts.`,
  difference: {
    title: 'The difference method',
    paragraphs: [
      'One repetition launches the workload with lo and with hi iterations and, when it has one, its baseline ' +
        'workload with the same two counts (native/src/point_runner.h). Per unit: `per-sync ns = ((t_hi − t_lo) − ' +
        '(t_base,hi − t_base,lo)) × 10⁶ / ((hi − lo) × unitsPerIter)`, with t in ms. Launch overhead is in both ' +
        't_lo and t_hi, so it cancels in each difference (docs/methods.md).',
      'Short primitives are timed back to back: U copies of the primitive per loop iteration (U = 64; 16 for ' +
        'grid.sync, cluster.sync, multi-warp tiles and cuda::barrier), unrolled, with nothing between two copies — no ' +
        'clock read, no accumulation, no loop control — so no baseline is needed and the loop costs under 0.1 cycle ' +
        'per copy. A body that mixes other work with the primitive measures how much of it hides behind that work, ' +
        'not its latency; the `overlap` mode measures that on purpose. Protocols (flag round trips, verified hand-offs, ' +
        'phases, arrive/work/wait) are timed in rounds, and their kernels say what a round contains. Each point ' +
        'records its timing (`back-to-back` with U, `rounds`, or `interleaved` for files made by the first harness).',
      'Per-sync cycles are the same difference of the body’s `clock64()` cycles (thread 0 of each block, mean over ' +
        'blocks), read only before and after the whole body. They are counted inside the kernel, so launch overhead ' +
        'never enters them.',
      'Loops are kept alive by the body’s cycles, which are always stored; kernels that compute a value store it ' +
        'behind a launch argument that is 0 at run time but that the compiler cannot prove false (kernels/harness.cuh). ' +
        'CI checks in the PTX that every back-to-back kernel has U copies between the clock reads around its body; the ' +
        'GPU self-test disassembles the built kernels (`cuobjdump --dump-sass`) and checks each contains its ' +
        'instruction — `BAR.SYNC`, `WARPSYNC` (or the NOP ptxas leaves for a converged `__syncwarp()`), the cluster ' +
        'barrier, the grid sync’s atomics, `MEMBAR` — U times between the `SR_CLOCKLO` reads.',
    ],
  },
  timers: {
    title: 'Timers, cycles and the clock',
    paragraphs: [
      'CUDA events (`cudaEventRecord` before and after, `cudaEventElapsedTime`) time each launch; a workload made of ' +
        'several launches (two-kernel phases, kernel boundaries, graph replay) has the events around all of them. ' +
        'Host completion is timed on the host’s steady clock (`std::chrono::steady_clock`), because the waits are ' +
        'host calls.',
      'Cycles are converted to ns with the clock the kernel actually ran at: block 0’s `clock64()` loop cycles over ' +
        'the same loop’s `%globaltimer` nanoseconds in the long run (one thread, so both count the same interval), ' +
        'per repetition, median over repetitions (`clock.conversion` = globaltimer). ' +
        'Without an in-kernel loop the NVML SM clock read after each long run is used (nvml), and without NVML the ' +
        'device’s peak SM clock (device-max). Each point names the clock used and its value; `perSyncNsFromCycles` = ' +
        'median cycles / MHz × 1000.',
      'A point is flagged throttled when its running clock (measured, else NVML) is below the run’s throttle ' +
        'threshold × the peak SM clock (NVML’s maximum, else the device’s). The NVML clock-event reasons seen during ' +
        'the point are kept as a bit mask (`nvmlEventReasons`).',
    ],
  },
  stopping: (citation) => ({
    title: 'Stopping rule, noisy and throttled points',
    paragraphs: [
      'Every point is warmed up (`warmup` whole repetitions, run and discarded), then repeated. After each ' +
        'repetition its noise is the half-width of the 95% confidence interval of the median per-unit ns (order ' +
        `statistics with exact Binomial(n, ½) ranks, the same table as the reported interval; ${citation}, §2.2) ` +
        'divided by the median gross ' +
        'per-unit time before the baseline is subtracted, so a near-zero net cost still converges. An interval needs ' +
        'at least 6 repetitions.',
      'A point stops on noise once it has at least `minReps` repetitions, has run at least `minTimeMs` and its noise ' +
        'is at most `targetRelCi` (nvbench’s stdrel criterion is the model). Otherwise it stops at `maxTimeMs` ' +
        '(stoppedBy max-time) or `maxReps` (max-reps) and is marked noisy: kept, flagged in tables and charts, ' +
        'counted in the notes, never dropped. Throttled points (see the clock above) are kept and flagged the same way.',
    ],
  }),
  statistics: (citation) => ({
    title: 'Statistics and cold launches',
    paragraphs: [
      'Every raw sample stays in the result file (per-unit ns and cycles, each launch’s time and cycles, clocks). ' +
        'Each figure reports median, p10/p90 (R-7 quantiles, simple-statistics), min/max, mean, relative spread ' +
        '(p90 − p10)/|median| and the 95% confidence interval of the median by order statistics (ranks from the ' +
        `Binomial(n, ½) distribution; ${citation}, §2.2). Comparisons judge same/faster/slower with these intervals.`,
      'Headline ratios never use a point marked incorrect, and no per-sync ratio divides by a primitive that costs ' +
        'less than one SM cycle (electron/model/modes/ratios.ts): below the machine’s resolution a ratio is ' +
        'arithmetic, not a measurement.',
      'The first launch of each workload and parameter in the measuring process includes module loading (lazy ' +
        'loading). It is timed apart, before the warm-up, as one launch with lo iterations (`coldMs`), reported ' +
        'separately and never mixed into the statistics.',
    ],
  }),
  verification: (expectedCycles, toleranceCycles) => ({
    title: 'Verification',
    paragraphs: [
      'Workloads that check their output (the correctness hand-off, both phases variants) count the values checked ' +
        'and the mismatches of every launch; a point with any mismatch is flagged “verification failed” and named in ' +
        'the notes.',
      'The method itself is checked on the machine that runs it: `fadd_check` measures a chain of dependent FADDs, ' +
        `about ${expectedCycles} cycles each on Volta and later (Jia et al., “Dissecting the NVIDIA Volta GPU ` +
        'Architecture via Microbenchmarking”, 2018); the self-test passes when it lands within ' +
        `${toleranceCycles} cycle of that.`,
    ],
  }),
  sanitizer: {
    title: 'compute-sanitizer',
    paragraphs: [
      'With its `sanitizer` parameter set, `correctness` runs up to four targets after the measurement, each in its ' +
        'own process started by `compute-sanitizer`: `--tool racecheck` on the hand-off with its barriers ' +
        '(`handoff_smem`, expected clean) and without them (`handoff_smem_no_barrier`, a planted data race), and ' +
        '`--tool synccheck` on the hand-off (expected clean) and on `__syncthreads()` in divergent code ' +
        '(`divergent_barrier`, planted).',
      'The result keeps the tool’s version line and, per target, its summary line, error and warning counts, exit ' +
        'code and the first 40 lines of its report. The variant without barriers is undefined behaviour: it is shown ' +
        'as a detected hazard, never as a measured failure rate.',
    ],
  },
  sharedGpu: {
    title: 'A shared GPU',
    paragraphs: [
      'Another process’s kernels on the same GPU change what a point measures. Just before and just after each ' +
        'point the product asks NVML for the compute processes on the device (`nvmlDeviceGetComputeRunningProcesses`); ' +
        'a point with another process in either list is flagged (`gpuShared`), and the result names every such ' +
        'process (pid, name, GPU memory). Where NVML cannot list them the flag reads unknown, never “not shared”.',
      'Two product processes (two CLI runs, the CLI and the app) take a per-GPU lock before the first point and hold ' +
        'it to the last: the second waits for the first (`--gpu-wait`, default 60 s) and is then refused with the ' +
        'holder’s pid. `--shared` (Run form: “Measure beside other runs”) measures beside it, its points flagged; ' +
        '`--exclusive` also waits until NVML lists no other compute process, then refuses naming them (exit 2).',
    ],
  },
  wholeKernel: (example) => ({
    title: 'Whole-kernel figure and per-sync figure',
    paragraphs: [
      'The whole-kernel figure (`wholeKernelMs`) is the CUDA-event median of the short run alone: one launch with lo ' +
        'iterations, so launch overhead, the loop and lo units. It is what the chapter reports (256 iterations, ' +
        'event median), so its tables can be reproduced. The per-sync figure divides the difference of ' +
        'two launches by the extra units, so launch overhead is not in it.',
      ...example,
      'Every result shows both figures of the same run side by side (Results → How these numbers were made).',
    ],
  }),
  h200Example: (f) => [
    `On the ${f.device} (three runs of \`modes\`, ${f.warpsPerBlock} warps × ${f.blocks} blocks, iters = ${f.iters}, ` +
      `measured ${f.measured}; ${f.files}), one launch of the ${f.iters}-iteration \`__syncthreads()\` ` +
      `loop took ${f.wholeBlock}, of which the ${f.iters} syncs are ${f.iters} × ${f.perBlock} = ${f.syncsBlock}; ` +
      `the rest is launch overhead and the loop. The \`__syncwarp()\` loop took ${f.wholeWarp} for ${f.iters} × ` +
      `${f.perWarp} = ${f.syncsWarp} of syncs, and the \`grid.sync()\` loop ${f.wholeGrid}, of which ` +
      `${f.syncsGrid} are syncs.`,
    `So, run by run, grid/block is ${f.gridBlockWhole} on the whole-kernel ` +
      `figure but ${f.gridBlockPerSync} per sync. Block/warp is ` +
      `${f.blockWarpWhole} on the whole-kernel figure, while per sync the warp loop ` +
      `costs one issue slot (${f.perWarp}: ptxas emits a \`NOP\` for a converged \`__syncwarp()\` on ` +
      'sm_90), so that ratio compares two launch overheads. This is why the chapter’s whole-kernel block/warp ratio ' +
      'of about 1.1–1.23× on its RTX 5090 (docs/methods.md, “Whole-kernel figure”) says more about launch overhead than about the ' +
      'barriers.',
  ],
  run: {
    published:
      'Published values, not measured by this product: no stopping rule, samples, clocks or cold launches are ' +
      'known; only the medians (see Source).',
    stoppingLine: (rule) => `Stopping rule of this run: ${rule}.`,
    stopping: (s) =>
      `warm-up ${plural(s.warmup, 'repetition')}; stop on noise (95% CI half-width of the median ` +
      `≤ ${s.targetPct}% of the median gross cost) after at least ${s.minReps} repetitions ` +
      `and ${s.minTimeMs} ms; otherwise at ${s.maxTimeMs} ms or ${s.maxReps} ` +
      'repetitions, marked noisy',
    clockNames: {
      globaltimer: 'globaltimer (clock64 / %globaltimer in the kernel)',
      nvml: 'NVML SM clock',
      'device-max': 'peak SM clock of the device',
      none: 'none (no clock known)',
    },
    clockGroup: (name, points, mhz) => `${name} for ${plural(points, 'point')}${mhz ? `, ${mhz}` : ''}`,
    clocksLine: (groups, noCycles) => {
      const tail = noCycles
        ? ` (${noCycles} point${noCycles === 1 ? ' has' : 's have'} no cycles to convert)`
        : '';
      return `Clock used to convert cycles to ns: ${groups.join('; ')}${tail}.`;
    },
    noisy: (noisy, points) => `Noisy (noise target not met): ${noisy} of ${points} points.`,
    throttled: (pct, throttled) => `Throttled (clock below ${pct}% of the peak SM clock): ${throttled}.`,
    cold: (points, ms) =>
      ms === null
        ? 'Cold first launches timed apart: none in this run (the kernels were already loaded).'
        : `Cold first launches timed apart: ${plural(points, 'point')}, ${ms}.`,
    verification: (checked, failed) =>
      checked === 0
        ? 'Verification: no verifying workload in this run.'
        : `Verification: ${checked} point${checked === 1 ? ' checked its' : 's checked their'} output, ${failed} failed.`,
    sentenceSeparator: ' ',
    verificationCell: (v) =>
      v.ok ? `ok (${v.verified} verified)` : `FAILED (${v.mismatches} of ${v.verified} mismatched)`,
  },
};
