/**
 * The modes' titles and questions in Simplified Chinese, by mode id (issue 13 §6): the renderer's zh-CN messages
 * (`modeTitles`, `modeQuestions`) are these objects, and the host's Chinese reports title their method sections
 * with them. Mode ids and API names stay as they are.
 */
export const MODE_TITLES_ZH_CN: Record<string, string> = {
  warp: '线程束：__syncwarp()',
  block: '线程块：__syncthreads()',
  grid: '网格：this_grid().sync()',
  sweep: '扫描线程块大小：线程块对比线程束',
  sweep_grid: '扫描网格大小：grid.sync() 对比每 SM 的线程块数',
  correctness: '正确性：用 __syncthreads 经共享内存交接',
  phases: '阶段：一个协作内核对比两个内核',
  modes: '汇总表：线程束、线程块、网格、阶段',
  cluster: '集群：this_cluster().sync() 随集群大小与每 GPU 集群数的变化',
  tiles: '协作组 tile：tile.sync() 随 tile 大小的变化',
  named: '命名屏障：覆盖线程块一部分的 bar.sync',
  async_barrier: 'cuda::barrier：arrive_and_wait 与分离的 arrive/wait',
  fences: '各作用域的内存栅栏',
  overlap: '藏在工作之后的屏障（重叠）',
  handoff: '标志交接：按作用域的 release/acquire 往返',
  host_completion: '主机等待完成：stream、event 与 device 同步',
  multi_gpu: 'GPU 之间：对等内存标志、跨设备 event、主机屏障、NCCL、对等复制',
  kernel_boundary: '内核边界：多次启动对比 CUDA graph 对比 grid.sync()',
  pdl: '程序化依赖启动（PDL）对比普通启动、CUDA graph 与 grid.sync()',
  pipeline: '流水线级：__syncthreads 对比 cp.async 对比 TMA + mbarrier 对比命名屏障',
  cluster_arrive: '集群交接：远程 mbarrier arrive 对比经 DSMEM 的 cluster.sync()',
  fadd_check: '方法校验：相关 FADD 的延迟',
};

export const MODE_QUESTIONS_ZH_CN: Record<string, string> = {
  warp: '空循环中一次 __syncwarp() 的开销是多少？',
  block: '空循环中一次 __syncthreads() 的开销是多少？',
  grid: '一次全网格同步（协作启动）的开销是多少？',
  sweep: '随线程块从 1 个线程束增大到 32 个线程束，__syncthreads 与 __syncwarp 相比如何？',
  sweep_grid: 'grid.sync() 从一个线程块增大到协作启动上限时如何变化？',
  correctness: '一个线程束写入的值，在 __syncthreads 之后能否经共享内存到达另一个线程束？',
  phases: '同样的两阶段载荷，一个内核内的 grid.sync() 是否比两次内核启动更快？',
  modes: '这里每一层的开销是多少，最大的跨度在哪里：网格/线程块还是线程块/线程束？',
  cluster:
    '线程块集群屏障的开销是多少，介于线程块屏障与网格屏障之间的哪里？（大小 1 分别以 1 个线程块的集群启动和不带集群启动——隐式集群——测量。）',
  tiles: 'tiled_partition<N> 屏障的开销与 __syncwarp、__syncthreads 相比如何？',
  named: '只覆盖生产者与消费者线程束的屏障，开销与 __syncthreads 相比如何？',
  async_barrier: 'libcu++ 的线程块屏障开销是多少，其中多少能藏在 arrive 与 wait 之间的工作之后？',
  fences: '在线程块、设备与系统作用域上，一次内存栅栏的开销是多少——单独、在原子操作之后、在普通存储之后？',
  overlap: '一次 __syncthreads() 有多少能藏在它之前的 W 个 FADD 工作之后？',
  handoff: '在线程束之间、线程块之间以及 GPU 与主机之间，经标志发布一个值的开销是多少？',
  host_completion: '在一次启动之后和设备空闲时，主机等待 GPU 要付出多少，按调度标志分别如何？',
  multi_gpu:
    '把工作从一个 GPU 交给另一个要付出多少：对等内存中的 system 作用域标志、event 依赖、主机屏障、NCCL all-reduce，还是对等复制？',
  kernel_boundary: '每个阶段，内核边界的开销与 graph 节点和全网格同步相比如何？',
  pdl: '每个依赖内核，程序化依赖启动比普通启动、graph 与网格屏障节省多少？',
  pipeline: '在线程束专用化的生产者/消费者流水线中，不计复制，交接一级的开销是多少？',
  cluster_arrive: '用远程 arrive 把数据交给集群中相邻的线程块，开销与 cluster.sync() 相比如何？',
  fadd_check: '差分法能否测出已知的指令延迟（每个相关 FADD 约 4 个周期）？',
};
