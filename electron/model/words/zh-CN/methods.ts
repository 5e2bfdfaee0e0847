/**
 * The Methods text in Simplified Chinese, sentence for sentence as words/en/methods.ts, saying the same facts. API
 * names, file paths, workload ids, formulas and numbers are passed in by the caller and kept as they are. Each
 * mode's kernel texts (`body`, `launch`) and notes are in words/zh-CN/modes.ts by mode id and workload id; a mode
 * missing there keeps English paragraphs, marked as such.
 */
import { MODES_ZH_CN } from './modes';
import type { MethodWords, ModeMethod } from '../methods';

const TIMERS = {
  events: '在启动前后用 CUDA 事件计时',
  'events-all': '在一次运行所启动的全部内容前后用 CUDA 事件计时',
  host: '在主机的稳定时钟上围绕等待循环计时',
} as const;

/** `method` with each kernel's body and launch and the notes in Chinese, or null when a text is missing. */
function modeFacts(id: string, method: ModeMethod): ModeMethod | null {
  const zh = MODES_ZH_CN[id];
  if (!zh || zh.notes.length !== method.notes.length) return null;
  if (!method.kernels.every((k) => zh.kernels[k.workload])) return null;
  return {
    kernels: method.kernels.map((k) => ({ ...k, ...zh.kernels[k.workload]! })),
    notes: [...zh.notes],
  };
}

/** A space before text that starts with a Latin letter, a digit or code, as between Chinese and Latin words. */
function spaced(text: string): string {
  return /^[A-Za-z0-9`]/.test(text) ? ` ${text}` : text;
}

export const METHODS_ZH_CN: MethodWords = {
  locale: 'zh-CN',
  modeTitle: (id, title) => `模式 \`${id}\`：${title}`,
  unknownModeTitle: (id) => `模式 \`${id}\``,
  unknownMode: (id) => `此版本的 Sync Workbench 没有模式 \`${id}\` 的说明。`,
  modeFacts,
  kernelParagraph: (p) =>
    `\`${p.workload}\`：每次迭代运行${spaced(p.body)}。启动：${p.launch}。迭代：${p.iterations}。` +
    `每单位：\`${p.formula}\`。${p.baseline}${p.timer}`,
  timerLine: (timer, cycles, verified) => {
    const loop = cycles
      ? '循环的 `clock64()` 周期数按同样的差值给出每次同步的周期数'
      : '没有内核内循环，因此没有周期数';
    return `${TIMERS[timer]}；${loop}。${verified ? '输出经过校验（统计不匹配数）。' : ''}`;
  },
  shortRun: (timer, itersLo) => {
    const lo = itersLo === 'iters' ? '`iters` 次迭代' : `${itersLo} 次迭代`;
    if (timer === 'host') return `${lo}的主机时间`;
    return timer === 'events' ? `一次 ${lo}的启动` : `为 ${lo}启动的全部内容`;
  },
  shortRunGroup: (workloads, run) => `${workloads.join('、')}：${run}`,
  wholeKernelLine: (parts) =>
    `整核数字（\`wholeKernelMs\`）：仅短运行的时间中位数——${parts.join('；')}——包含启动开销（见“整核数字与每次同步数字”）。`,
  iterations: (lo, delta, fixed) => {
    const first = lo.iters ? `lo = \`iters\`（默认 ${lo.default}）` : `lo = ${lo.count}`;
    const rule = fixed ? '始终如此' : '默认值；非零的 `deltaIters` 会取代它';
    return `${first}，hi = lo + Δ，其中 Δ = ${delta}（${rule}）`;
  },
  sameParam: '同一参数',
  baselineNone: '没有基线工作负载：启动开销在差值中抵消；循环自身每次迭代的开销留在数字中。',
  baselineEmptyLoop:
    '基线：空循环（`baseline`：只累加 clock64()，别无其他），启动方式和次数相同，因此循环和读时钟的开销相互抵消。',
  baselineNamed: (name) => `基线：\`${name}\`，启动方式和次数相同。`,
  difference: {
    title: '差分法',
    paragraphs: [
      '每次重复以 lo 次和 hi 次迭代各启动一次工作负载；若它有基线工作负载，也以同样的两个次数各启动一次基线' +
        '（native/src/point_runner.h）。每单位：`per-sync ns = ((t_hi − t_lo) − (t_base,hi − t_base,lo)) × 10⁶ / ' +
        '((hi − lo) × unitsPerIter)`，t 以 ms 计。启动开销同时包含在 t_lo 和 t_hi 中，因此在每个差值中相互抵消' +
        '（docs/methods.md）。',
      '短小的原语背靠背计时：每次循环迭代放 U 份原语（U = 64；grid.sync、cluster.sync、多线程束 tile 和 ' +
        'cuda::barrier 为 16），完全展开，两份之间什么也没有——没有时钟读取、没有累加、没有循环控制——因此不需要' +
        '基线，循环本身每份的开销不到 0.1 个周期。如果循环体把其他工作与原语混在一起，测到的是原语有多少被那些' +
        '工作掩盖，而不是它的延迟；`overlap` 模式有意测量的正是这一点。协议（标志往返、带校验的交接、阶段、' +
        'arrive/work/wait）按轮计时，各自的内核会说明一轮包含什么。每个点都记录自己的计时方式（带 U 的 ' +
        '`back-to-back`、`rounds`，或第一版测量框架所生成文件中的 `interleaved`）。',
      '每次同步的周期数是循环体 `clock64()` 周期数的同一差值（每个线程块的 0 号线程，对各线程块取平均），只在整个' +
        '循环体之前和之后读取。它们在内核内部计数，因此启动开销从不进入其中。',
      '循环靠循环体的周期数保持存活，这些周期数总会被存储；计算出某个值的内核把它的存储放在一个启动参数的判断' +
        '之后——该参数在运行时为 0，但编译器无法证明它为假（kernels/harness.cuh）。CI 在 PTX 中检查每个背靠背' +
        '内核在其循环体前后的时钟读取之间都有 U 份原语；GPU 自检反汇编构建出的内核（`cuobjdump --dump-sass`），' +
        '检查每个内核在 `SR_CLOCKLO` 读取之间恰好包含 U 次自己的指令——`BAR.SYNC`、`WARPSYNC`（或 ptxas 为已' +
        '汇合的 `__syncwarp()` 留下的 `NOP`）、集群屏障、网格同步的原子操作、`MEMBAR`。',
    ],
  },
  timers: {
    title: '计时器、周期数与时钟',
    paragraphs: [
      'CUDA 事件（前后各一次 `cudaEventRecord`，再调用 `cudaEventElapsedTime`）为每次启动计时；由多次启动组成的' +
        '工作负载（两个内核的阶段、内核边界、graph 重放）把事件放在全部启动的两侧。主机完成在主机的稳定时钟' +
        '（`std::chrono::steady_clock`）上计时，因为这些等待都是主机调用。',
      '周期数按内核实际运行的时钟换算成 ns：在长运行中，用线程块 0 的 `clock64()` 循环周期数除以同一循环的 ' +
        '`%globaltimer` 纳秒数（同一个线程，因此两者计的是同一段时间），每次重复算一次，取各次重复的中位数' +
        '（`clock.conversion` = globaltimer）。没有内核内循环时，使用每次长运行之后读取的 NVML SM 时钟（nvml）；' +
        '没有 NVML 时，使用设备的峰值 SM 时钟（device-max）。每个点都注明所用的时钟及其数值；' +
        '`perSyncNsFromCycles` = 周期数中位数 / MHz × 1000。',
      '当一个点的运行时钟（测得的，否则取 NVML 的）低于本次运行的降频阈值 × 峰值 SM 时钟（NVML 给出的最大值，否则' +
        '取设备的）时，该点被标为降频。该点期间出现的 NVML 时钟事件原因以位掩码保存（`nvmlEventReasons`）。',
    ],
  },
  stopping: (citation) => ({
    title: '停止规则、噪声点与降频点',
    paragraphs: [
      '每个点先预热（`warmup` 次完整重复，运行后丢弃），然后重复测量。每次重复之后，它的噪声是每单位 ns 中位数的 ' +
        '95% 置信区间半宽（采用精确 Binomial(n, ½) 秩的顺序统计量，与报告的区间用同一张表；' +
        `${citation}，§2.2）除以扣除基线之前的每单位总时间中位数，因此接近零的净开销也能收敛。一个区间至少需要 6 ` +
        '次重复。',
      '一个点在重复次数至少为 `minReps`、运行时间至少为 `minTimeMs` 且噪声不超过 `targetRelCi` 时因噪声达标而停止' +
        '（以 `nvbench` 的 `stdrel` 判据为模型）。否则它在 `maxTimeMs`（`stoppedBy` 为 `max-time`）或 `maxReps`（`max-reps`）' +
        '处停止，并被标为噪声大：保留下来，在表格和图表中加以标记，计入说明，绝不丢弃。降频的点（见上文的时钟）' +
        '同样保留并加以标记。',
    ],
  }),
  statistics: (citation) => ({
    title: '统计量与冷启动',
    paragraphs: [
      '每个原始样本都保存在结果文件中（每单位 ns 和周期数、每次启动的时间和周期数、时钟）。每个数字报告中位数、' +
        'p10/p90（R-7 分位数，`simple-statistics`）、最小值/最大值、均值、相对离散度 (p90 − p10)/|median|，以及由' +
        `顺序统计量得到的中位数 95% 置信区间（秩取自 Binomial(n, ½) 分布；${citation}，§2.2）。比较时用这些区间` +
        '判断相同、更快或更慢。',
      '主要比值从不使用标为不正确的点，每次同步的比值也从不除以开销不到一个 SM 周期的原语' +
        '（electron/model/modes/ratios.ts）：低于机器的分辨率时，比值只是算术，而不是测量。',
      '测量进程中每个工作负载和参数的第一次启动包含模块加载（延迟加载）。它在预热之前单独计时，作为一次 lo 次迭代的' +
        '启动（`coldMs`），单独报告，绝不混入统计量。',
    ],
  }),
  verification: (expectedCycles, toleranceCycles) => ({
    title: '校验',
    paragraphs: [
      '检查自身输出的工作负载（correctness 交接、phases 的两个变体）统计每次启动中检查的值和不匹配的值；任何有不匹配' +
        '的点都被标为“校验失败”，并在说明中列出。',
      '方法本身在运行它的机器上得到检验：`fadd_check` 测量一串相互依赖的 FADD，在 Volta 及更新的架构上每条约 ' +
        `${expectedCycles} 个周期（Jia 等，“Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking”，` +
        `2018）；测得值与之相差不超过 ${toleranceCycles} 个周期时自检通过。`,
    ],
  }),
  sanitizer: {
    title: 'compute-sanitizer',
    paragraphs: [
      '设置 `sanitizer` 参数后，`correctness` 在测量之后最多运行四个目标，每个都在由 `compute-sanitizer` 启动的独立' +
        '进程中：对带屏障的交接（`handoff_smem`，预期无问题）和不带屏障的交接（`handoff_smem_no_barrier`，植入的' +
        '数据竞争）运行 `--tool racecheck`，对交接（预期无问题）和分支代码中的 `__syncthreads()`' +
        '（`divergent_barrier`，植入的）运行 `--tool synccheck`。',
      '结果保存工具的版本行，以及每个目标的摘要行、错误数和警告数、退出码和报告的前 40 行。不带屏障的变体属于未定义' +
        '行为：它显示为检测到的隐患，绝不作为测得的失败率。',
    ],
  },
  sharedGpu: {
    title: '共享的 GPU',
    paragraphs: [
      '同一 GPU 上其他进程的内核会改变一个点测到的内容。每个点之前和之后，本程序都向 NVML 询问该设备上的计算进程' +
        '（`nvmlDeviceGetComputeRunningProcesses`）；任一列表中有其他进程的点会被标记（`gpuShared`），结果列出每个' +
        '这样的进程（进程号、名称、GPU 内存）。NVML 无法列出进程时，标记为“未知”，绝不是“未共享”。',
      '本程序的两个进程（两个命令行运行，或命令行与应用）在第一个点之前获取每个 GPU 的锁，直到最后一个点才释放：第二个' +
        '进程等待第一个（`--gpu-wait`，默认 60 秒），超时则被拒绝并给出持有者的进程号。`--shared`（运行表单：“与其他' +
        '运行同时测量”）与它同时测量，其点会被标记；`--exclusive` 还会等待 NVML 不再列出其他计算进程，超时则拒绝并列出' +
        '这些进程（退出码 2）。',
    ],
  },
  wholeKernel: (example) => ({
    title: '整核数字与每次同步数字',
    paragraphs: [
      '整核数字（`wholeKernelMs`）是仅短运行的 CUDA 事件中位数：一次 lo 次迭代的启动，因此包含启动开销、循环和 lo ' +
        '个单位。它就是原章节报告的数字（256 次迭代，事件中位数），因此可以复现其中的表格。每次同步数字' +
        '用两次启动之差除以多出的单位数，因此不含启动开销。',
      ...example,
      '每个结果都把同一次运行的两个数字并列展示（“结果” → “这些数字是如何得到的”）。',
    ],
  }),
  h200Example: (f) => [
    `在 ${f.device} 上（\`modes\` 运行三次，${f.warpsPerBlock} 个线程束 × ${f.blocks} 个线程块，iters = ${f.iters}，` +
      `测于 ${f.measured}；${f.files}），${f.iters} 次迭代的 \`__syncthreads()\` 循环一次启动耗时 ${f.wholeBlock}，` +
      `其中 ${f.iters} 次同步为 ${f.iters} × ${f.perBlock} = ${f.syncsBlock}；其余是启动开销和循环。` +
      `\`__syncwarp()\` 循环耗时 ${f.wholeWarp}，其中同步为 ${f.iters} × ${f.perWarp} = ${f.syncsWarp}；` +
      `\`grid.sync()\` 循环耗时 ${f.wholeGrid}，其中 ${f.syncsGrid} 是同步。`,
    `因此，逐次运行来看，grid/block 在整核数字上是 ${f.gridBlockWhole}，按每次同步却是 ${f.gridBlockPerSync}。` +
      `block/warp 在整核数字上是 ${f.blockWarpWhole}，而按每次同步，线程束循环只花一个发射槽（${f.perWarp}：` +
      'ptxas 在 sm_90 上为已汇合的 `__syncwarp()` 生成一条 `NOP`），所以这个比值比较的是两次启动开销。这就是为什么' +
      '原章节在其 RTX 5090 上得到的整核 block/warp 比值约 1.1–1.23×（docs/methods.md，“Whole-kernel figure”' +
      '一节）反映的更多是启动开销，而不是屏障本身。',
  ],
  run: {
    published: '已发表的数值，并非本产品测得：停止规则、样本、时钟和冷启动均不可知；只有中位数（见“来源”）。',
    stoppingLine: (rule) => `本次运行的停止规则：${rule}。`,
    stopping: (s) =>
      `预热 ${s.warmup} 次重复；在至少 ${s.minReps} 次重复且运行 ${s.minTimeMs} ms 之后，噪声达标即停止` +
      `（中位数 95% 置信区间的半宽 ≤ 总开销中位数的 ${s.targetPct}%）；否则在 ${s.maxTimeMs} ms 或 ${s.maxReps} ` +
      '次重复时停止，并标为噪声大',
    clockNames: {
      globaltimer: 'globaltimer（内核中的 clock64 / %globaltimer）',
      nvml: 'NVML SM 时钟',
      'device-max': '设备的峰值 SM 时钟',
      none: '无（时钟未知）',
    },
    clockGroup: (name, points, mhz) => `${points} 个点使用 ${name}${mhz ? `，${mhz}` : ''}`,
    clocksLine: (groups, noCycles) =>
      `把周期数换算成 ns 所用的时钟：${groups.join('；')}${noCycles ? `（${noCycles} 个点没有可换算的周期数）` : ''}。`,
    noisy: (noisy, points) => `噪声大（未达到噪声目标）：${points} 个点中有 ${noisy} 个。`,
    throttled: (pct, throttled) => `降频（时钟低于峰值 SM 时钟的 ${pct}%）：${throttled} 个。`,
    cold: (points, ms) =>
      ms === null
        ? '单独计时的冷启动：本次运行中没有（内核已经加载）。'
        : `单独计时的冷启动：${points} 个点，${ms}。`,
    verification: (checked, failed) =>
      checked === 0
        ? '校验：本次运行中没有校验输出的工作负载。'
        : `校验：${checked} 个点检查了输出，${failed} 个失败。`,
    sentenceSeparator: '',
    verificationCell: (v) =>
      v.ok ? `通过（校验了 ${v.verified} 个值）` : `失败（${v.verified} 个值中有 ${v.mismatches} 个不匹配）`,
  },
};
