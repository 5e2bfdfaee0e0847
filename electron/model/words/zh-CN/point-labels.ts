/**
 * The words of point labels and headline ratio names in Simplified Chinese (words/point-labels.ts builds them).
 * `heads` and `ratios` are keyed by the core's English with each API name written `{api}` and each number `{n}`
 * (in order of appearance); API names and numbers are put back as they were.
 */
export const POINT_LABELS_ZH_CN = {
  /** The launch shape after a label's head: "8 warps × 132 blocks", "1 thread × 1 block". */
  shape: {
    warps: '{warps} 个线程束 × {blocks} 个线程块',
    threads: '{threads} 个线程 × {blocks} 个线程块',
  },
  /** The block count a series id ends with ("fence:block:alone × 132 blocks"). */
  seriesBlocks: '{blocks} 个线程块',
  /** What a label may say after its shape (" (verified)": the mode checked the values the loop moved). */
  suffixes: { ' (verified)': '（已校验）' } as Readonly<Record<string, string>>,
  /** The separators between a head and its shape (", " and ": " in English). */
  separators: { comma: '，', colon: '：' },
  heads: {
    warp: '线程束',
    block: '线程块',
    grid: '网格',
    'phases, one cooperative kernel (grid.sync)': '分阶段，一个协作内核（grid.sync）',
    'phases, two kernels': '分阶段，两个内核',
    'shared-memory hand-off': '共享内存交接',
    '{api}': '{api}',
    '{api} alone': '单独的 {api}',
    '{api} between two atomicAdd': '两次 atomicAdd 之间的 {api}',
    '{api} between two plain read-modify-writes': '两次普通读-改-写之间的 {api}',
    '{api} between two plain read-modify-writes of adjacent words': '两次相邻字的普通读-改-写之间的 {api}',
  } as Readonly<Record<string, string>>,
  ratios: {
    'grid/block': '网格/线程块',
    'block/warp': '线程块/线程束',
    'grid/block (whole kernel)': '网格/线程块（整个内核）',
    'block/warp (whole kernel)': '线程块/线程束（整个内核）',
    'phases grid/two-kernels (one round)': '分阶段：网格同步/两个内核（一轮）',
    'phases grid/two-kernels (per round)': '分阶段：网格同步/两个内核（每轮）',
    'phases grid/two-kernels (whole kernel)': '分阶段：网格同步/两个内核（整个内核）',
    'block/warp at {n} warps': '线程块/线程束（{n} 个线程束时）',
    'device/block fence, alone ({n} threads)': '设备/线程块级栅栏，单独（{n} 个线程）',
    'system/device fence, alone ({n} threads)': '系统/设备级栅栏，单独（{n} 个线程）',
    'device/block fence, atomics ({n} threads)': '设备/线程块级栅栏，在两次 atomicAdd 之间（{n} 个线程）',
    'system/device fence, atomics ({n} threads)': '系统/设备级栅栏，在两次 atomicAdd 之间（{n} 个线程）',
    'device/block fence, plain ({n} threads)': '设备/线程块级栅栏，在两次普通读-改-写之间（{n} 个线程）',
    'system/device fence, plain ({n} threads)': '系统/设备级栅栏，在两次普通读-改-写之间（{n} 个线程）',
    'device/block fence, plain-adjacent ({n} threads)':
      '设备/线程块级栅栏，在两次相邻字的普通读-改-写之间（{n} 个线程）',
    'system/device fence, plain-adjacent ({n} threads)':
      '系统/设备级栅栏，在两次相邻字的普通读-改-写之间（{n} 个线程）',
    'grid at {n}/SM vs {n} block': '每个 SM {n} 个线程块的网格 vs {n} 个线程块',
    'grid at {n}/SM vs {n}/SM': '每个 SM {n} 个线程块的网格 vs 每个 SM {n} 个线程块',
  } as Readonly<Record<string, string>>,
};
