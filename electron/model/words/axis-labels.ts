/**
 * The x-axis labels of the line modes (each mode's `xAxis.label`, electron/model/modes) in Simplified Chinese, keyed
 * by the core's English label. A result file records the label as the core wrote it, so a label this
 * table does not hold (a newer or older core, or a mode that changed it) keeps its English. Parameter names and
 * API names inside a label stay as they are. Pure and browser-safe: charts, tables and reports use it alike.
 */
const AXIS_LABELS_ZH_CN: Readonly<Record<string, string>> = {
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

/**
 * The x-axis label `label` (as a result file records it) in `locale` ('en' or 'zh-CN', as the UI's locales);
 * unknown labels and other locales keep the label as given.
 */
export function axisLabel(label: string, locale: string): string {
  return locale === 'zh-CN' ? (AXIS_LABELS_ZH_CN[label] ?? label) : label;
}

/** The English labels the table translates (for the test that every mode's label has its Chinese). */
export const TRANSLATED_AXIS_LABELS: readonly string[] = Object.keys(AXIS_LABELS_ZH_CN);
