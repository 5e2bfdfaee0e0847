/**
 * The reports' Simplified Chinese, sentence for sentence as words/en/report.ts, saying the same facts: numbers and
 * dates as the UI formats them in zh-CN (Intl, `zh-CN`), the method sections in words/zh-CN/methods.ts with the
 * modes' Chinese titles (words/zh-CN/modes.ts), the comparison's notes from the host's Chinese templates
 * (words/zh-CN/host.ts). Mode ids, API and field names, and result-file data
 * stay as they are. Terms: 线程束 (warp), 线程块 (block), 网格 (grid), 集群 (cluster), 内核 (kernel).
 */
import type { Verdict } from '../compare';
import { METHODS_ZH_CN } from './methods';
import type { Point } from '../../../contract/result-file';
import { HOST_TEXT_ZH_CN } from './host';
import { renderText } from '../host-text';
import { RUN_NOTES_ZH_CN } from './run-notes';

const { driver: driverZh, recorded: recordedZh, note: runNoteZh } = RUN_NOTES_ZH_CN;
import type { CellWords, ReportTable, SanitizerOutcome } from '../report';

const significant = new Intl.NumberFormat('zh-CN', { maximumSignificantDigits: 4 });
const grouped = new Intl.NumberFormat('zh-CN');
const dateTime = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/**
 * A number as the UI shows it in zh-CN (renderer/figures/numbers.ts): integers whole with thousands separators
 * (formatCount), others to 4 significant digits (formatValue).
 */
function number(value: number): string {
  return Number.isInteger(value) ? grouped.format(value) : significant.format(value);
}

/** An ISO date as a date and time in UTC ("2000年1月2日 03:04:05 UTC"); the text itself when it is no date. */
function date(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${dateTime.format(d)} UTC`;
}

const STOPPED_BY: Record<Point['stoppedBy'], string> = {
  noise: '噪声达标',
  'max-time': '达到时间上限',
  'max-reps': '达到重复上限',
  published: '已发表',
};

const INCORRECT = '不正确（不是同步）';

const CELLS: CellWords = {
  yes: '是',
  no: '否',
  incorrect: INCORRECT,
  number,
  verification: METHODS_ZH_CN.run.verificationCell,
  stoppedBy: (id) => STOPPED_BY[id],
};

const VERDICTS: Record<Verdict, string> = { same: '相同', faster: '更快', slower: '更慢', unclear: '不确定' };

/** Headers of the point table (columns.ts POINT_COLUMNS), by column name. */
const POINT_HEADERS: Record<string, string> = {
  index: '序号',
  series: '系列',
  label: '标签',
  x: 'x',
  workload: '工作负载',
  param: '参数',
  gridBlocks: '网格线程块数',
  threadsPerBlock: '每线程块线程数',
  clusterSize: '集群大小',
  perSyncNs_median: '每次同步 ns 中位数',
  perSyncNs_p10: '每次同步 ns p10',
  perSyncNs_p90: '每次同步 ns p90',
  perSyncNs_ciLow: '每次同步 ns 95% CI 下限',
  perSyncNs_ciHigh: '每次同步 ns 95% CI 上限',
  perSyncCycles_median: '每次同步周期数中位数',
  perSyncNsFromCycles: '由周期换算的每次同步 ns',
  wholeKernelMs_median: '整个内核 ms 中位数',
  clockMeasuredMHz: '实测时钟 MHz',
  throttled: '降频',
  reps: '重复次数',
  stoppedBy: '停止原因',
  noisy: '噪声大',
  coldMs: '冷启动 ms',
  verification: '校验',
  incorrect: '不正确',
};

/** Headers of a comparison's columns (compare/columns.ts): the row's, then each run's by `run<N>_<field>`. */
const COMPARISON_HEADERS: Record<string, string> = {
  series: '系列',
  label: '标签',
  x: 'x',
  basis: '指标',
  unit: '单位',
  incorrect: '不正确',
  perSyncNs_median: '每次同步 ns 中位数',
  perSyncNs_ciLow: '每次同步 ns 95% CI 下限',
  perSyncNs_ciHigh: '每次同步 ns 95% CI 上限',
  wholeKernelMs_median: '整个内核 ms 中位数',
  delta: '相对运行 1 的 Δ',
  ratio: '相对运行 1 的比值',
  verdict: '结论',
  floor: '下限',
  floorKind: '下限来源',
};

function comparisonHeader(name: string): string {
  const run = /^run(\d+)_(.+)$/.exec(name);
  if (run) return `运行 ${run[1]} ${COMPARISON_HEADERS[run[2]!] ?? run[2]}`;
  return COMPARISON_HEADERS[name] ?? name;
}

const OUTCOMES: Record<SanitizerOutcome['kind'], string> = {
  unreadable: '工具输出中没有摘要行：请看摘录',
  clean: '无问题，符合预期',
  hazardsOnCorrect: '在正确的内核上报告了隐患',
  detected: '检测到植入的隐患，符合预期',
  missed: '植入的隐患未被报告',
};

const PUBLISHED_LABEL = '已发表数据，非本产品测得';

const STATUS = { complete: '完成', cancelled: '已取消', failed: '失败' } as const;

export const REPORT_ZH_CN: ReportTable = {
  locale: 'zh-CN',
  date,
  cells: CELLS,
  comparisonCells: { ...CELLS, verdict: (v) => VERDICTS[v] },
  summary: {
    unknownDevice: '未知设备',
    device: (d) =>
      [
        d.name,
        `计算能力 ${d.cc}`,
        `${d.sms} 个 SM`,
        ...(d.smClock !== null ? [`SM 时钟最高 ${d.smClock} MHz`] : []),
        ...(d.memoryClock !== null ? [`显存时钟最高 ${d.memoryClock} MHz`] : []),
      ].join('，'),
    versions: (driver, runtime, build) =>
      `驱动 ${driverZh(driver)}，运行时 ${recordedZh(runtime)}` +
      (build ? `；原生插件用 CUDA ${build.cuda} 为 ${build.architectures} 构建` : ''),
    app: (name, version, commit) => `${name} ${recordedZh(version)}（提交 ${recordedZh(commit)}）`,
    host: (h) => {
      const [hostname, platform, osRelease, arch, cpuModel, node] = [
        h.hostname,
        h.platform,
        h.osRelease,
        h.arch,
        h.cpuModel,
        h.node,
      ].map(recordedZh);
      return `${hostname}（${platform} ${osRelease}，${arch}，${cpuModel}，Node ${node}）`;
    },
    parameters: (p) =>
      `${p.list || '无'}；停止规则：预热 ${p.warmup} 次，重复 ${p.minReps}–${p.maxReps} 次，` +
      `${p.minTimeMs}–${p.maxTimeMs} ms，目标相对置信区间 ${p.targetPct}%；SM 时钟低于峰值的 ${p.throttlePct}% ` +
      `即为降频；调度标志 ${p.scheduleFlag}`,
    ratio: (value, basis) => `${value}×（${basis === 'perSyncNs' ? '每次同步 ns' : '整个内核 ms'}）`,
    flagNoisy: '噪声大（在达到噪声目标之前停止）',
    flagThrottled: (pct) => `降频（SM 时钟低于峰值的 ${pct}%）`,
    flagIncorrect: `${INCORRECT}，从不计入比值`,
    flagVerification: '校验失败',
    noPoints: '无',
    pointList: (items) => items.join('、'),
    status: (status, error) => (error === null ? STATUS[status] : `${STATUS[status]}：${error}`),
    publishedSource: (citation, note) =>
      `已发表的参考数据，并非本产品测得：${citation ?? '未给出出处'}。${note}`,
    measuredSource: (s) =>
      `由 ${s.app} 在 ${s.host} 上测得，${s.device ?? '未知设备'}；结果 id ${s.id}。` +
      `${s.citation ? `可对照：${s.citation}。` : ''}${s.note}`,
  },
  runPage: {
    field: (label, value) => `- **${label}：** ${value}`,
    labels: {
      provenance: '出处',
      mode: '模式',
      device: '设备',
      versions: '版本',
      app: '应用',
      host: '主机',
      date: '日期',
      parameters: '参数',
    },
    provenance: {
      reference: (device, date) => `参考数据集，不是这块 GPU：${date} 在 ${device} 上测得，随应用附带`,
      published: (citation) => `已发表数据，非本产品测得：${citation}`,
      measured: (device, date) => `${date} 在 ${device} 上测得`,
    },
    mode: (code, points, status) => `${code} · ${points} 个点 · 状态：${status}`,
    dates: (startedAt, finishedAt) => `${startedAt} 至 ${finishedAt}`,
    headings: {
      method: '方法',
      points: '各点',
      ratios: '主要比值',
      flags: '标记',
      notes: '备注',
      source: '来源',
      bothFigures: '本次运行的两种数值',
    },
    noNotes: '无。',
    note: (note) => runNoteZh(note).text,
    notesAsRecorded: (notes) =>
      notes.some((n) => runNoteZh(n).english) ? '未译出的备注是结果文件记录的原文（英文）。' : null,
    noPointRows: '没有点。',
    noRatios: '本次运行没有。',
    publishedMethod: (source) => [
      `- 数值抄自 ${source}；并非本产品测得。只知道发表的中位数：没有样本、没有离散度，也没有置信区间。`,
      '- 整个内核的数值（`wholeKernelMs`）是一次完整启动的 event 计时，包含启动开销。',
    ],
    sourceNamedBelow: '下文所列的来源',
    figuresHeader: [
      '#',
      '标签',
      'lo',
      'hi',
      '每次迭代单位数',
      '基线',
      '每次同步 ns 中位数',
      '整个内核 µs 中位数',
      '短运行中单位的 µs',
      '占短运行的比例',
      '时钟',
      '停止原因',
    ],
    stoppedByReps: (stoppedBy, reps) => `${stoppedBy}（${reps} 次重复）`,
    pointHeader: (name) => POINT_HEADERS[name] ?? name,
    ratioHeader: ['比值', '数值', '分子', '分母'],
  },
  comparison: {
    title: (runs) => `${runs} 个运行的对比`,
    runsHeader: ['运行', '名称', 'id', '设备', '模式', '创建时间', '来源'],
    unknownDevice: '未知',
    sourceKind: (kind) => (kind === 'published' ? '已发表' : kind === 'measured' ? '实测' : kind),
    referenceSource: '参考数据集，不是这块 GPU',
    difference: (text, english) => renderText(text, HOST_TEXT_ZH_CN) ?? english,
    noDifferences: '未发现不同：设备、时钟、版本和参数一致。',
    headings: { differences: '不同之处', points: '各点', verdicts: '结论' },
    pointsNote:
      '差值、比值与下限都相对运行 1，按该行的指标与单位计算（perSyncNs 以 ns 计，wholeKernelMs 以 ms 计）；每个运行的标签是它自己的配置。',
    header: comparisonHeader,
    verdictCount: (count, verdict) => `${verdict} ${count} 个`,
    verdictLine: (run, counts) => `- 运行 ${run} 对比运行 1：${counts.join('，')}。`,
    incorrectNotCounted: '- 标为不正确（不是同步）的点不计入。',
  },
  html: {
    publishedLabel: PUBLISHED_LABEL,
    publishedNote: (published, runs) =>
      published === 0
        ? ''
        : `${published === runs ? '其中的数值是' : `${runs} 个运行中有 ${published} 个是`}` +
          `${PUBLISHED_LABEL}：出现之处都有标注。`,
    header: (app, made, note) =>
      `${app} 报告，生成于 ${made}。单个自包含文件：表格是文本，图表由文件内的脚本绘制，结果文件完整嵌入其中。${note}`,
    runProvenance: (run, line) => `运行 ${run}：${line}。`,
    chartLabel: (title) => `图表：${title}`,
    caption: (title) => `${title}。由本文件自带的脚本根据嵌入的结果绘制；表格包含全部数值。`,
    noScript: '图表需要 JavaScript；表格包含全部数值。',
    runChartTitle: (mode, name, published) =>
      `${mode} — ${name}${published && !name.includes(PUBLISHED_LABEL) ? `（${PUBLISHED_LABEL}）` : ''}`,
    comparisonChartTitle: (runs, lines) =>
      `${runs} 个运行的对比（${lines ? '每个运行一种线型和标记，每个系列一种颜色' : '每个运行一种颜色'}）`,
    publishedBanner: (citation) => `发表于 ${citation ?? '一篇出版物'}，并非本产品测得。`,
    sanitizerHeader: ['工具', '内核', '预期', '错误', '警告', '结论', '摘要'],
    sanitizerKernel: (what, workload) => `${what}（${workload}）`,
    expectClean: '无问题',
    expectHazard: '报告隐患',
    sanitizerOutcome: (outcome) => OUTCOMES[outcome.kind],
    sanitizerExcerpt: (tool, workload) => `${tool} 对 ${workload} 的输出`,
  },
  method: METHODS_ZH_CN,
};
