/**
 * The modes in Simplified Chinese, by mode id: each mode's title and question (the renderer's zh-CN mode texts and
 * the host's Chinese reports use them) and its kernels' texts, matching the English `body` (what each iteration
 * runs), `launch` (the launch shape) and notes of each mode module's `method` (electron/model/modes/*.ts) item by
 * item, by workload id. English comes from each mode's module (`ModeInfo.title`, `ModeInfo.question`, `method`),
 * never from a copy here.
 * test/unit/methods/words-zh-cn.test.ts checks that every entry matches a kernel and none is missing; mode ids, API
 * names and parameter names stay as they are.
 */
import type { ModesWords } from '../modes';

/** Slots of the cluster_arrive ring (electron/model/modes/cluster-arrive.ts RING_SLOTS; test/unit/words checks it). */
const RING_SLOTS = 4;

const LAYER_LAUNCH =
  '每个线程块 `nwarps` × 32 个线程（默认 8 个线程束）× `nblocks` 个线程块（默认每个 SM 一个）';
const COOPERATIVE =
  '协作启动，超过同时常驻上限 cudaOccupancyMaxActiveBlocksPerMultiprocessor × SM 数时拒绝启动';
const FENCE_LAUNCH =
  '`threadsList` 的每一项（默认 1、32、128、512、1024 个线程）× `blocksList` 的每一项（默认 1 个线程块和每个 SM ' +
  '一个），对 `definitions` 的每一项分别测量';
const SAME_BLOCKS = '与上面相同的线程块';
const PAIR_LAUNCH = 'GPU A 和 GPU B 上各一个线程（`pair`，默认每一对 GPU），各用一个流';
const BOUNDARY_LAUNCH = '每个线程块 `nwarps` × 32 个线程 × `nblocks` 个线程块（默认每个 SM 一个）';

const SYNCWARP =
  '背靠背的 `__syncwarp()`，每次循环迭代 64 份（PTX `bar.warp.sync`；在已汇合的代码中，ptxas 在 sm_90 上为它生成' +
  '一条 NOP，因此测到的是一个发射槽：在 H200 上每份 1.1 个周期，docs/results/H200.md；kernels/warp_sync.cu）';
const SYNCTHREADS = '背靠背的 `__syncthreads()`，每次循环迭代 64 份（PTX `bar.sync 0`，SASS `BAR.SYNC`）';
const GRID_SYNC =
  '背靠背的 `this_grid().sync()`，每次循环迭代 16 份（对一个网格级计数器的 release 原子操作、在其上自旋的 acquire ' +
  '加载，以及前后的线程块屏障）';
const syncwarp = (launch: string) => ({ body: SYNCWARP, launch });
const syncthreads = (launch: string) => ({ body: SYNCTHREADS, launch });
const gridSync = (launch: string) => ({ body: GRID_SYNC, launch: `${launch}；${COOPERATIVE}` });

const PHASES = {
  phases_grid_sync: {
    body:
      '在一个协作内核中，让网格的每个线程执行一轮两阶段有效负载——`a[i] = value(round, i)`、`grid.sync()`、' +
      '`b[i] = a[i] + a[n−1−i]`、`grid.sync()`',
    launch: `${LAYER_LAUNCH}；${COOPERATIVE}`,
  },
  phases_two_kernels: {
    body: '同样的一轮改为两次内核启动：先阶段 1，再阶段 2，在一个流中背靠背执行（内核边界就是屏障）',
    launch: LAYER_LAUNCH,
  },
};
const PHASES_NOTE =
  'phases：短运行是一轮（lo = 1），所以它的整核数字就是一轮的时间，包含启动，与原章节的报告方式相同；每轮的数字' +
  '是 1 轮与 1 + Δ 轮之差。两个变体都校验输出（每次运行前向 `b` 写入毒值，运行后在主机上检查）。';

const hostWait = (call: string) => ({
  body:
    `一次空内核启动之后调用 \`${call}\`（\`param\` 0，“启动之后”），或在没有未完成工作时调用 \`${call}\`` +
    '（`param` 1，“空闲”）',
  launch: '1 个 32 线程的线程块（空内核）',
});

const VOLATILE = '不是同步，标为 `INCORRECT`，从不参与排名';

const PDL_LAUNCH =
  '每个线程块 `nwarps` × 32 个线程（默认 8 个线程束）× `nblocks` 个线程块（默认每个 SM 一个），每个变体都相同';
const PDL_BODY =
  '一段由 `prologueFadds` 条相互依赖的 FADD 组成、不需要前一个内核任何数据的前导部分，' +
  '`cudaGridDependencySynchronize()`（PTX `griddepcontrol.wait`），然后 `out[i] = in[(i + blockDim) mod n] + 1`' +
  '（前一个内核的另一个线程块写入的值；两个缓冲区交替使用）';
const chain = (how: string) => ({ body: `链中的一个内核：${PDL_BODY}；${how}`, launch: PDL_LAUNCH });

const PIPE_LAUNCH =
  '每个线程块 1 个生产者线程束 + `consumerWarps` 每一项（默认 4）个消费者线程束 × `nblocks` 个线程块（默认每个 SM ' +
  '一个）；动态共享内存 = 级数 × 有效负载，超过 cudaDevAttrMaxSharedMemoryPerBlockOptin 时拒绝';
const stage = (body: string) => ({
  body: `每种 \`stages\` × \`payloadBytes\` 形状下的一级：${body}；消费者把该级的每个 16 字节向量读入一个校验和，由主机检查`,
  launch: PIPE_LAUNCH,
});
const copyAlone = (body: string) => ({
  body:
    `仅生产者线程束填充第 i mod S 级（${body}）；没有消费者，没有交接（0 B 时不拷贝任何东西，因此 0 B 的交接行` +
    '几乎不扣除什么）',
  launch: PIPE_LAUNCH,
});

const RING_LAUNCH =
  '`clusterSizes` 每一项大小的集群（默认 2、4、8、16 个线程块；超过 8 需要 ' +
  'cudaFuncAttributeNonPortableClusterSizeAllowed）× `clusters` 个集群（默认 1），每个线程块 1 个线程束';
const ring = (body: string) => ({
  body:
    '向环中下一个线程块的一次交接：每个 lane 把一个字存入它的共享内存（对 `mapa` 地址执行 ' +
    `\`st.shared::cluster\`），${body}；读取方检查每个字`,
  launch: RING_LAUNCH,
});

const STATEFUL_NOTE =
  '不是背靠背计时：每个单位依赖前一个单位，所以内核在两次 `__syncthreads()` 之间为整个循环计时，每单位数字是' +
  '两个迭代次数之差；除非指明了基线，否则不扣除任何东西。';

/** The sm_90 modes (pdl.ts, pipeline.ts, cluster-arrive.ts) in Chinese, by mode id. */
const HOPPER: ModesWords = {
  pdl: {
    title: '程序化依赖启动（PDL）对比普通启动、CUDA graph 与 grid.sync()',
    question: '每个依赖内核，程序化依赖启动比普通启动、graph 与网格屏障节省多少？',
    kernels: {
      pdl_plain: chain(
        '不带任何属性启动，在一个流中背靠背执行（等待是空操作）；整条链排在一个门控内核之后，主机在这些启动' +
          '（最多前 256 个）入队之后才放行它，因此 GPU 背靠背地运行它们，而不是按主机入队的速度运行',
      ),
      pdl_launch: chain(
        '通过 `cudaLaunchKernelEx` 以 `cudaLaunchAttributeProgrammaticStreamSerialization` 启动；主内核在开始时' +
          '（提前）、在其存储之后（延后）调用 `cudaTriggerProgrammaticLaunchCompletion()`，或者根本不调用；排在同一个' +
          '门控内核之后',
      ),
      pdl_graph: chain('一个 N 节点 graph 中的一个内核节点，使用默认边，在计时之外构建'),
      pdl_graph_prog: chain(
        '一个边为程序化依赖边的 graph 中的一个内核节点（`cudaGraphKernelNodePortProgrammatic`、' +
          '`cudaGraphDependencyTypeProgrammatic`），提前触发',
      ),
      pdl_grid_sync: {
        body: chain('同样的阶段放在一个协作内核中，其后接 `this_grid().sync()`').body,
        launch: `${PDL_LAUNCH}；协作启动，超过同时常驻上限时拒绝启动`,
      },
    },
    notes: [
      '每个变体的每内核数字都包含前导部分：PDL 节省的是下一个内核的前导部分所重叠的那部分边界开销。graph 在' +
        '每次计时重放之前构建并实例化，之后销毁。每次运行都检查 N 个内核之后每个元素都等于 N。',
    ],
  },
  pipeline: {
    title: '流水线级：__syncthreads 对比 cp.async 对比 TMA + mbarrier 对比命名屏障',
    question: '在线程束专用化的生产者/消费者流水线中，不计复制，交接一级的开销是多少？',
    kernels: {
      pipe_syncthreads: stage(
        '生产者在消费者读取本级的同时用 `ld.global`/`st.shared` 拷贝下一级；每级一次 `__syncthreads()`（2 级时即为' +
          '双缓冲）',
      ),
      pipe_cp_async: stage(
        '生产者的各 lane 发出 `cp.async`（每个 16 B），并在该级的 `full` mbarrier 上执行 ' +
          '`cp.async.mbarrier.arrive.noinc`；消费者在其上执行 `try_wait.parity`，读取，然后到达该级的 `empty` ' +
          'mbarrier，生产者在复用之前等待它',
      ),
      pipe_tma: stage(
        '一个生产者线程：在 `full` 屏障上执行 `mbarrier.arrive.expect_tx`（有效负载字节数），并对有效负载发出一次 ' +
          '`cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes`；消费者等待 `full`，读取，再到达 `empty`' +
          '（每个消费者线程束到达一次）。0 B 时不发出批量拷贝：生产者线程在 `full` 上执行普通的 `mbarrier.arrive`，' +
          '因此 0 B 那一行就是单独的 mbarrier `full`/`empty` 交接；16 B 是最小的批量拷贝',
      ),
      pipe_tma_spin: stage(
        '`pipe_tma` 的 TMA 流水线，但每次等待（消费者等 `full`、生产者等 `empty`）都轮询从不挂起线程的 ' +
          '`mbarrier.test_wait.parity`，而不是可能把线程挂起到该阶段完成的 `mbarrier.try_wait.parity`；两者之差就是 ' +
          'try_wait 每级的挂起与唤醒开销',
      ),
      pipe_named: stage(
        '生产者用 `ld.global`/`st.shared` 拷贝，然后在该级的 `full` id 上执行 `bar.arrive`；消费者在其上执行 ' +
          '`bar.sync`，读取，再在 `empty` id 上执行 `bar.arrive`，生产者在复用之前对它执行 `bar.sync`',
      ),
      pipe_named_copytime: {
        body:
          '诊断项，命名屏障流水线 `pipe_named` 在每种 `stages` × `payloadBytes` 形状下的一级：它的周期数是生产者' +
          '线程束在流水线内每级自身的拷贝时间（lane 0 在每次 `ld.global`/`st.shared` 拷贝前后读取 `clock64()` 并' +
          '求和；取两个迭代次数之差），用来与同一形状下 `copy_ldst` 的周期数对照；它的 ns 是整个级的时间（CUDA ' +
          '事件），不扣除任何东西。不从它取 %globaltimer 时钟频率（它的周期数并不覆盖整个计时循环）；消费者的' +
          '校验和与 `pipe_named` 中一样被检查',
        launch: PIPE_LAUNCH,
      },
      copy_ldst: copyAlone('32 个 lane 执行 `ld.global.v4` / `st.shared.v4`'),
      copy_ldst_resident: {
        body:
          '诊断项：`copy_ldst` 的拷贝，但消费者线程束保持驻留（它们在循环之后的一个 `__syncthreads()` 处等待），' +
          '而不是立即退出；它检查生产者周围的线程束是否改变其拷贝时间——`pipe_named` 和 `pipe_syncthreads` 的 ' +
          'ld/st 基线假定不会改变',
        launch: PIPE_LAUNCH,
      },
      copy_cp_async: copyAlone('32 个 lane 执行 `cp.async`，S − 1 个更早的组在途（`cp.async.wait_group`）'),
      copy_tma: copyAlone('一次在该级 mbarrier 上完成的 `cp.async.bulk`，S 个拷贝在途'),
    },
    notes: [
      STATEFUL_NOTE,
      '交接行是流水线减去同样级数和有效负载下单独的同样拷贝，因此它是同步（以及拷贝掩盖不了的消费者读取）每级' +
        '增加的开销；0 B 时就是单独的同步。每级的拷贝时间见标为“copies alone”的各行。负的数字表示消费者与拷贝的' +
        '重叠好于生产者单独工作；诊断项 `pipe_named_copytime` 显示生产者自身的拷贝在流水线内是否更快。',
    ],
  },
  cluster_arrive: {
    title: '集群交接：远程 mbarrier arrive 对比经 DSMEM 的 cluster.sync()',
    question: '用远程 arrive 把数据交给集群中相邻的线程块，开销与 cluster.sync() 相比如何？',
    kernels: {
      cluster_arrive_ring: ring(
        '往返：lane 0 到达下一个线程块的 `full` mbarrier（`mbarrier.arrive.release.cluster.shared::cluster`）；下一个' +
          '线程块等待（`try_wait.parity.acquire.cluster`），读取，再到达发送方的 `empty` mbarrier，发送方在覆盖它唯一' +
          '的槽位之前等待该屏障，所以一轮包含两次单向延迟（arrive 和回复）',
      ),
      cluster_arrive_oneway: ring(
        `单向：同样的 arrive 和等待，写入 ${RING_SLOTS} 个槽位之一，每个槽位各有一个 \`full\` 和一个 \`empty\` mbarrier；` +
          `发送方只在复用某个槽位时才等待它的 \`empty\` 屏障，即等待 ${RING_SLOTS} 轮之前那次交接的回复，因此稳态下` +
          '一轮只包含一次单向延迟',
      ),
      cluster_arrive_only: {
        body:
          '向环中下一个线程块的一次远程 arrive，以及对上一个线程块 arrive 的等待，与 `cluster_arrive_oneway` 相同' +
          `（${RING_SLOTS} 个屏障，只在复用时等待回复），但没有 DSMEM 存储和读取：只有 arrive 本身；每个线程块统计` +
          '等待已完成的轮数，错过的阶段计为不匹配',
        launch: RING_LAUNCH,
      },
      cluster_sync_ring: ring('然后集群中的每个线程块在 `this_cluster().sync()` 处会合（槽位双缓冲）'),
    },
    notes: [STATEFUL_NOTE],
  },
};

/** Every mode in Chinese, by mode id. */
export const MODES_ZH_CN: ModesWords = {
  warp: {
    title: '线程束：__syncwarp()',
    question: '空循环中一次 __syncwarp() 的开销是多少？',
    kernels: { syncwarp: syncwarp(LAYER_LAUNCH) },
    notes: [],
  },
  block: {
    title: '线程块：__syncthreads()',
    question: '空循环中一次 __syncthreads() 的开销是多少？',
    kernels: { syncthreads: syncthreads(LAYER_LAUNCH) },
    notes: [],
  },
  grid: {
    title: '网格：this_grid().sync()',
    question: '一次全网格同步（协作启动）的开销是多少？',
    kernels: { grid_sync: gridSync(LAYER_LAUNCH) },
    notes: [],
  },
  sweep: {
    title: '扫描线程块大小：线程块对比线程束',
    question: '随线程块从 1 个线程束增大到 32 个线程束，__syncthreads 与 __syncwarp 相比如何？',
    kernels: {
      syncwarp: syncwarp(
        '`nwarpsList` 的每一项（默认 1、2、4、8、16、32 个线程束）× 32 个线程 × `nblocks` 个线程块',
      ),
      syncthreads: syncthreads(
        '`nwarpsList` 的每一项（默认 1、2、4、8、16、32 个线程束）× 32 个线程 × `nblocks` 个线程块',
      ),
    },
    notes: [],
  },
  sweep_grid: {
    title: '扫描网格大小：grid.sync() 对比每 SM 的线程块数',
    question: 'grid.sync() 从一个线程块增大到协作启动上限时如何变化？',
    kernels: {
      grid_sync: gridSync(
        '每个线程块 `nwarps` × 32 个线程；网格先为 1 个线程块，然后为每个 SM 1、2、… 个线程块 × SM 数，直到同时常驻的' +
          '最大值',
      ),
    },
    notes: [],
  },
  correctness: {
    title: '正确性：用 __syncthreads 经共享内存交接',
    question: '一个线程束写入的值，在 __syncthreads 之后能否经共享内存到达另一个线程束？',
    kernels: {
      handoff_smem: {
        body:
          '一轮交接：线程束 (r mod nwarps) 写入整个共享内存 tile，`__syncthreads()`，每个线程读取并检查另一个线程束' +
          '写入的值，`__syncthreads()`（kernels/correctness.cu）',
        launch: '每个线程块 `nwarps` × 32 个线程（至少 2 个线程束）× `nblocks` 个线程块（默认每个 SM 一个）',
      },
    },
    notes: [
      '读取的每个值都会被检查（每次启动 iters × 线程数 × 线程块数）；有不匹配的点被标为“校验失败”。不带屏障的变体是' +
        '数据竞争（未定义行为）：它从不被测量，只在 `sanitizer` 参数要求时在 compute-sanitizer 下运行。',
    ],
  },
  phases: {
    title: '阶段：一个协作内核对比两个内核',
    question: '同样的两阶段载荷，一个内核内的 grid.sync() 是否比两次内核启动更快？',
    kernels: PHASES,
    notes: [PHASES_NOTE],
  },
  modes: {
    title: '汇总表：线程束、线程块、网格、阶段',
    question: '这里每一层的开销是多少，最大的跨度在哪里：网格/线程块还是线程块/线程束？',
    kernels: {
      syncwarp: syncwarp(LAYER_LAUNCH),
      syncthreads: syncthreads(LAYER_LAUNCH),
      grid_sync: gridSync(LAYER_LAUNCH),
      ...PHASES,
    },
    notes: [
      PHASES_NOTE,
      '在此模式中，phases 各行始终使用 Δ = 64 轮；`deltaIters` 只作用于 warp、block 和 grid 三行。',
    ],
  },
  cluster: {
    title: '集群：this_cluster().sync() 随集群大小与每 GPU 集群数的变化',
    question:
      '线程块集群屏障的开销是多少，介于线程块屏障与网格屏障之间的哪里？（大小 1 分别以 1 个线程块的集群启动和不带集群启动——隐式集群——测量。）',
    kernels: {
      cluster_sync: {
        body:
          '背靠背的 `this_cluster().sync()`，每次循环迭代 16 份（PTX `barrier.cluster.arrive` / ' +
          '`barrier.cluster.wait`，sm_90 及以上）',
        launch:
          '`clusterSizes` 每一项大小的集群（默认 1、2、4、8、16 个线程块；超过 8 需要 ' +
          'cudaFuncAttributeNonPortableClusterSizeAllowed）× 1、2、4、… 个集群，直到 cudaOccupancyMaxActiveClusters，' +
          '每个线程块 `nwarps` × 32 个线程；每种大小都以 cudaLaunchAttributeClusterDimension = (大小, 1, 1) 启动，' +
          '大小 1 还会不带该属性启动一次',
      },
      syncthreads: syncthreads('每个线程块 `nwarps` × 32 个线程 × 每个 SM 一个线程块'),
      grid_sync: gridSync('每个线程块 `nwarps` × 32 个线程 × 每个 SM 一个线程块'),
    },
    notes: [
      '大小 1 有两个系列：“cluster launch, 1 block”设置 cudaLaunchAttributeClusterDimension = (1, 1, 1)，与 ' +
        '`__cluster_dims__(1, 1, 1)` 相同，付出集群启动的代价；“no cluster launch (implicit cluster)”不设置集群属性，' +
        '`this_cluster()` 只是该线程块本身，开销低得多。每个点的启动记录用的是哪一种（`launch.clusterAttribute`），' +
        '比值“cluster launch of 1/implicit cluster”取自相同的网格。只有以集群启动的点计入 cluster/block 与 ' +
        'grid/cluster 比值。',
    ],
  },
  tiles: {
    title: '协作组 tile：tile.sync() 随 tile 大小的变化',
    question: 'tiled_partition<N> 屏障的开销与 __syncwarp、__syncthreads 相比如何？',
    kernels: {
      tile_sync: {
        body:
          '对 `tileSizes` 的每个 N 背靠背执行 `tiled_partition<N>(this_thread_block()).sync()`（N 不超过 32 时是带掩码' +
          '的 `bar.warp.sync`，每次迭代 64 份；64–512 时是共享内存中的到达计数器加 `bar.warp.sync`，sm_80 及以上，' +
          '16 份）',
        launch: '每个线程块 `nwarps` × 32 个线程（默认 16 个线程束）× `nblocks` 个线程块（默认每个 SM 一个）',
      },
      coalesced_sync: {
        body: '背靠背的 `coalesced_threads().sync()`，每次循环迭代 64 份',
        launch: SAME_BLOCKS,
      },
      syncwarp: syncwarp(SAME_BLOCKS),
      syncthreads: syncthreads(SAME_BLOCKS),
    },
    notes: [],
  },
  named: {
    title: '命名屏障：覆盖线程块一部分的 bar.sync',
    question: '只覆盖生产者与消费者线程束的屏障，开销与 __syncthreads 相比如何？',
    kernels: {
      named_barrier: {
        body:
          '线程束 0…P−1 背靠背地在 `bar.sync 1, 32·P` 处会合，每次迭代 64 份（P 取自 `participants`）；线程块的其他' +
          '线程束在循环之前退出',
        launch: '每个线程块 `nwarps` × 32 个线程（默认 16 个线程束）× `nblocks` 个线程块（默认每个 SM 一个）',
      },
      named_barrier_pc: {
        body:
          'P 个线程束（P 为偶数）之间背靠背的生产者 → 消费者交接，每次迭代 64 次：生产者先 `bar.sync 2` 再 ' +
          '`bar.arrive 1`，消费者先 `bar.arrive 2` 再 `bar.sync 1`，每种角色在自己的循环中',
        launch: SAME_BLOCKS,
      },
      syncthreads: syncthreads(SAME_BLOCKS),
    },
    notes: [],
  },
  async_barrier: {
    title: 'cuda::barrier：arrive_and_wait 与分离的 arrive/wait',
    question: 'libcu++ 的线程块屏障开销是多少，其中多少能藏在 arrive 与 wait 之间的工作之后？',
    kernels: {
      syncthreads: syncthreads(LAYER_LAUNCH),
      cuda_barrier: {
        body:
          '每个线程背靠背地调用 `cuda::barrier<thread_scope_block>::arrive_and_wait()`，每次迭代 16 份（一个 ' +
          'mbarrier，sm_80 及以上）',
        launch: SAME_BLOCKS,
      },
      cuda_barrier_split: {
        body:
          '一轮：`arrive()`，W 条相互依赖的 FADD 作为工作（W 取自 `work`，向下取整为 8 的倍数），`wait(token)`——有意' +
          '在 arrive 与 wait 之间放工作；其基线是不带屏障的同样 W 条 FADD，因此这个数字是分离式屏障在这些工作之上' +
          '增加的开销',
        launch: SAME_BLOCKS,
      },
    },
    notes: [],
  },
  fences: {
    title: '各作用域的内存栅栏',
    question:
      '在线程块、设备与系统作用域上，一次内存栅栏的开销是多少——单独、在原子操作之后、在普通存储之后？',
    kernels: {
      fence: {
        body:
          '单独背靠背执行内存栅栏（`__threadfence_block()`、`__threadfence()` 或 `__threadfence_system()`），每次' +
          '迭代 64 份：没有未完成的访问，因此这是内存栅栏自身的开销',
        launch: FENCE_LAUNCH,
      },
      fence_rmw: {
        body:
          '对线程的第一个字执行 `atomicAdd`，内存栅栏，再对它的第二个字执行 `atomicAdd`，每次迭代 64 份；每个线程有' +
          '自己的两个字，所以这个数字是内存栅栏，而不是争用',
        launch: FENCE_LAUNCH,
      },
      fence_plain: {
        body:
          '对一个数组中线程的字做一次普通的读-改-写，内存栅栏，再对第二个数组做同样的操作，每次迭代 64 份——即 ' +
          'SyncPerformance 的定义（IISWC’24）：内存栅栏要等它之前的普通存储完成；两个指针可能别名，因此基线保留' +
          '每一次存储',
        launch: FENCE_LAUNCH,
      },
      fence_plain_adjacent: {
        body:
          '与普通定义相同，但线程的两个字在同一个数组中相邻（原子操作定义的布局）：通过同一个指针，编译器会合并基线' +
          '的存储，因此差值中还包含读-改-写本身——保留它是为了展示仅布局不同会改变什么',
        launch: FENCE_LAUNCH,
      },
    },
    notes: [
      '内存栅栏为调用线程自己的访问排序；它不会让任何人等待（CUDA 内存模型）。它的开销在于把该线程未完成的写入排空到内存' +
        '栅栏的作用域，所以四种定义的区别在于有哪些未完成的访问（docs/methods.md，“Fences: four definitions”一节）。',
    ],
  },
  overlap: {
    title: '藏在工作之后的屏障（重叠）',
    question: '一次 __syncthreads() 有多少能藏在它之前的 W 个 FADD 工作之后？',
    kernels: {
      syncthreads_overlap: {
        body:
          'W 条相互依赖的 FADD 之后接 `__syncthreads()`，背靠背执行（W = 0、8、32、128 时每次迭代分别为 64、32、16、' +
          '4 份）；基线是不带屏障的同样 FADD（W = 0 时为空循环体），因此这个数字是屏障在这些工作之上增加的开销',
        launch: LAYER_LAUNCH,
      },
    },
    notes: [
      '这正是一个把工作与屏障混在一起的循环体所测到的重叠，并如实标注：它不是屏障的延迟（W = 0 那一行才是）。',
    ],
  },
  handoff: {
    title: '标志交接：按作用域的 release/acquire 往返',
    question: '在线程束之间、线程块之间以及 GPU 与主机之间，经标志发布一个值的开销是多少？',
    kernels: {
      handoff_warps: {
        body:
          '线程束 0 的 lane 0 与线程束 1 的 lane 0 之间一次标志往返（标志位于共享内存；在 block、device 或 system ' +
          '作用域上用 `cuda::atomic_ref` 的 acquire 加载与 release 存储）',
        launch: '1 个 64 线程的线程块',
      },
      handoff_blocks: {
        body: '两个线程块的 0 号线程之间一次往返（标志位于全局内存；device 或 system 作用域）',
        launch: `2 个 32 线程的线程块；${COOPERATIVE}，因此两个线程块都是常驻的`,
      },
      handoff_host: {
        body: '一个 GPU 线程与一个主机线程之间一次往返（标志位于映射的固定主机内存；system 作用域）',
        launch: '1 个 32 线程的线程块和一个主机线程',
      },
      handoff_warps_volatile: {
        body: `线程束之间用 \`volatile\` 标志的往返：${VOLATILE}`,
        launch: '1 个 64 线程的线程块',
      },
      handoff_blocks_volatile: {
        body: `线程块之间用 \`volatile\` 标志的往返：${VOLATILE}`,
        launch: `2 个 32 线程的线程块；${COOPERATIVE}`,
      },
    },
    notes: ['每次自旋等待在 `%globaltimer` 上等满 2 s 后放弃，因此永远不运行的对方会成为一个错误。'],
  },
  multi_gpu: {
    title: 'GPU 之间：对等内存标志、跨设备 event、主机屏障、NCCL、对等复制',
    question:
      '把工作从一个 GPU 交给另一个要付出多少：对等内存中的 system 作用域标志、event 依赖、主机屏障、NCCL 全归约，还是对等复制？',
    kernels: {
      peer_handoff: {
        body:
          'GPU A 上的内核与 GPU B 上的内核之间一次标志往返：双方各自通过对等内存把有效数据和轮次写入另一块 ' +
          'GPU 的收件区（`cuda::atomic_ref<…, thread_scope_system>` 的 release 存储，PTX `st.release.sys`），并在' +
          '自己的收件区上自旋（acquire 加载，`ld.acquire.sys`），然后检查有效数据（kernels/multi_gpu.cu）',
        launch: PAIR_LAUNCH,
      },
      peer_handoff_volatile: {
        body: `同样的往返，改用 \`volatile\` 加载和存储：${VOLATILE}`,
        launch: PAIR_LAUNCH,
      },
      peer_event_hop: {
        body:
          '两跳：GPU A 上一个单线程内核留下一个令牌，`cudaEventRecord`，GPU B 的流执行 `cudaStreamWaitEvent`，' +
          '其内核通过对等内存检查令牌并留下自己的令牌，然后反向再走一遍',
        launch: PAIR_LAUNCH,
      },
      host_barrier_gpus: {
        body:
          '每块 GPU 一个主机线程，各自启动一个把令牌写入映射主机内存的内核，`cudaStreamSynchronize`，两个线程之间' +
          '的 `std::barrier`，然后检查另一块 GPU 的令牌',
        launch: PAIR_LAUNCH,
      },
      nccl_allreduce_barrier: {
        body:
          '在一个 `ncclGroupStart/End` 中让两块 GPU 各执行一次单元素的 `ncclAllReduce`（int32 求和），每次迭代使用' +
          '自己的元素；之后检查每个和',
        launch: PAIR_LAUNCH,
      },
      peer_copy_hop: {
        body:
          '两跳：从 GPU A 到 GPU B 的 64 B `cudaMemcpyPeerAsync`，以及 B 的流所等待的一个事件，然后以同样方式把 64 B ' +
          '拷回（使用拷贝引擎；不需要对等访问）；两次拷贝都会被检查',
        launch: PAIR_LAUNCH,
      },
    },
    notes: [
      '每次 GPU 自旋在 `%globaltimer` 上等满 2 s 后放弃，每次主机等待在 10 s 后放弃，因此永远不到达的 GPU 会成为' +
        '一个错误，而不是挂起。事件在 GPU A 的流上计时；主机屏障在主机的稳定时钟上计时。不扣除基线：短运行与长运行' +
        '之差去掉了启动和准备的开销。',
      'device 作用域的原子操作到达不了另一个设备（CUDA 内存模型）：在 GPU 之间，只有 system 作用域、事件依赖、主机屏障或' +
        '集合通信能为内存排序。没有对等访问的一对 GPU 只运行主机屏障、NCCL 和拷贝；NCCL 在运行时加载' +
        '（libnccl.so.2，仅限 NCCL 2），缺失时跳过并说明原因。',
    ],
  },
  host_completion: {
    title: '主机等待完成：stream、event 与 device 同步',
    question: '在一次启动之后和设备空闲时，主机等待 GPU 要付出多少，按调度标志分别如何？',
    kernels: {
      host_stream_sync: hostWait('cudaStreamSynchronize'),
      host_event_sync: hostWait('cudaEventRecord + cudaEventSynchronize'),
      host_device_sync: hostWait('cudaDeviceSynchronize'),
    },
    notes: [
      '主机线程如何等待（`spin`、`yield`、`blocking sync`）是 CUDA 上下文的调度标志，在创建上下文时就已固定，因此每种标志' +
        '在自己的进程中运行（`schedule`）；结果会记录它。主机完成是另一种边界：它修复不了内核内部的任何竞争' +
        '（CUDA 内存模型）。',
    ],
  },
  kernel_boundary: {
    title: '内核边界：多次启动对比 CUDA graph 对比 grid.sync()',
    question: '每个阶段，内核边界的开销与 graph 节点和全网格同步相比如何？',
    kernels: {
      boundary_launches: {
        body: '一个阶段（每个线程一次 FMA 更新）加一个内核边界：每个阶段一次启动，在一个流中背靠背执行',
        launch: BOUNDARY_LAUNCH,
      },
      boundary_graph: {
        body: '一个阶段作为一个 N 节点 CUDA graph 中的一个内核节点，在计时之外实例化，然后重放',
        launch: BOUNDARY_LAUNCH,
      },
      boundary_grid_sync: {
        body: '在一个协作内核内执行一个阶段加 `this_grid().sync()`',
        launch: BOUNDARY_LAUNCH,
      },
    },
    notes: [],
  },
  fadd_check: {
    title: '方法校验：相关 FADD 的延迟',
    question: '差分法能否测出已知的指令延迟（每个相关 FADD 约 4 个周期）？',
    kernels: {
      fadd_chain: {
        body:
          '背靠背的 64 条相互依赖的 FADD 链，每次迭代 8 条链（`asm volatile` 中的 `add.f32`；ptxas 可能生成 FFMA，' +
          '依赖延迟相同）；基线是 32 条的链，每次迭代 16 条',
        launch: '1 个 32 线程的线程块（一个线程束）',
      },
    },
    notes: [],
  },
  ...HOPPER,
};
