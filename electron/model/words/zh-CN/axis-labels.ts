/**
 * The line modes' x-axis labels in Simplified Chinese, keyed by the core's English label (words/axis-labels.ts).
 * Parameter names and API names inside a label stay as they are.
 */
export const AXIS_LABELS_ZH_CN: Readonly<Record<string, string>> = {
  'warps per block': '每个线程块的线程束数',
  'blocks per SM (grid = blocks per SM × SMs; leftmost: 1 block)':
    '每个 SM 的线程块数（网格 = 每个 SM 的线程块数 × SM 数；最左：1 个线程块）',
  'blocks per cluster': '每个集群的线程块数',
  'clusters in the grid': '网格中的集群数',
  'threads per block': '每个线程块的线程数',
  'participating warps': '参与的线程束数',
  'dependent FADDs before each barrier': '每次屏障前的相关 FADD 数',
  'prologue before the wait (dependent FADDs)': '等待之前的前序工作（相关 FADD 数）',
  'payload per stage (bytes)': '每级的数据量（字节）',
  'threads taking part (tile size; warp = 32; block = all)':
    '参与的线程数（分块大小；线程束 = 32；线程块 = 全部）',
};
