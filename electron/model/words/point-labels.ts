/**
 * Point labels and headline ratio names in the UI's language. A result file records them in English, as the mode
 * that planned the run wrote them (electron/model/modes: `${head}: ${shape}` or `${head}, ${shape}`, the shape from
 * the point's launch). In another locale the label is rebuilt from its structure: the shape from the point's launch
 * (threads per block, blocks in the grid), the head and the ratio name from words/zh-CN/point-labels.ts, keyed by the
 * English with API names as `{api}` and numbers as `{n}`. A label or name that cannot be rebuilt (a published
 * dataset's own words, a mode of another core) keeps its English and says so (`english: true`, shown lang="en").
 * Pure and browser-safe.
 */
import { countOf as plural } from './plural';
import { POINT_LABELS_ZH_CN } from './zh-CN/point-labels';

/** What a label is rebuilt from: the label as recorded and the point's launch. */
export interface LabelledPoint {
  label: string;
  launch: { threadsPerBlock: number; gridBlocks: number };
}

/** A label or name as shown: its text and whether it is the file's English (not the UI's language). */
export interface ShownText {
  text: string;
  english: boolean;
}

/** API names (`__syncthreads()`, `cuda::barrier arrive_and_wait()` keeps its words) and numbers, as placeholders. */
const API = /(?:[A-Za-z_][\w:.]*)\(\)/g;
const NUMBER = /\d+/g;

/** The counted nouns of labels and ratio names: the tables are keyed by their plural ("{n} warps"). */
const COUNTED = /\{n\} (warp|thread|block)\b(?!s)/g;

/** `text` with its API names as `{api}` and numbers as `{n}`, and what they stood for, in order. */
function template(text: string): { key: string; values: string[] } {
  const values: string[] = [];
  const key = text.replace(new RegExp(`${API.source}|${NUMBER.source}`, 'g'), (m) => {
    values.push(m);
    return /\(\)$/.test(m) ? '{api}' : '{n}';
  });
  return { key, values };
}

/** "1 warps", "1 threads", "1 blocks" (as earlier cores recorded every count) in the singular; other text as it is. */
const ONE_PLURAL = /(^|[^\d.])1 (warp|thread|block)s\b/g;

/** English text as shown: a count of 1 recorded with a plural noun ("1 threads × 1 blocks") said in the singular. */
function englishShown(text: string): string {
  return text.replace(ONE_PLURAL, '$11 $2');
}

/** The translation of `text` from `table` (keys as `template` writes them), or null when it has none. */
function fromTable(text: string, table: Readonly<Record<string, string>>): string | null {
  const { key, values } = template(text);
  // A count in the singular ("at 1 warp", "(1 thread)") has the entry of its plural unless the table has its own.
  const words = table[key] ?? table[key.replace(COUNTED, '{n} $1s')];
  if (words === undefined) return null;
  const apis = values.filter((v) => v.endsWith('()'));
  const numbers = values.filter((v) => !v.endsWith('()'));
  return words.replace(/\{api\}/g, () => apis.shift() ?? '').replace(/\{n\}/g, () => numbers.shift() ?? '');
}

/**
 * The English shapes a mode writes for `launch`, each with its words in zh-CN: warps × blocks, threads × blocks, and
 * the older "1 threads × 1 blocks" (plural whatever the count) that earlier cores wrote.
 */
function shapes(launch: LabelledPoint['launch']): { en: string; zh: string }[] {
  const { threadsPerBlock: threads, gridBlocks: blocks } = launch;
  const words = POINT_LABELS_ZH_CN.shape;
  const threadsZh = words.threads.replace('{threads}', String(threads)).replace('{blocks}', String(blocks));
  const out = [
    { en: `${plural(threads, 'thread')} × ${plural(blocks, 'block')}`, zh: threadsZh },
    { en: `${threads} threads × ${blocks} blocks`, zh: threadsZh },
  ];
  if (threads % 32 === 0) {
    const warps = threads / 32;
    const zh = words.warps.replace('{warps}', String(warps)).replace('{blocks}', String(blocks));
    out.unshift({ en: `${plural(warps, 'warp')} × ${plural(blocks, 'block')}`, zh });
  }
  return out;
}

const SEPARATORS = [
  { en: ': ', zh: POINT_LABELS_ZH_CN.separators.colon },
  { en: ', ', zh: POINT_LABELS_ZH_CN.separators.comma },
];

/**
 * `point`'s label in `locale` ('en' or 'zh-CN'): English as recorded (a count of 1 that an earlier core wrote with a
 * plural noun said in the singular); in zh-CN rebuilt from the head's words and the
 * point's launch when the recorded label is `${head}${separator}${shape}` with a head the table holds, else the
 * recorded English with `english: true`.
 */
export function pointLabel(point: LabelledPoint, locale: string): ShownText {
  if (locale !== 'zh-CN') return { text: englishShown(point.label), english: false };
  const suffix = Object.keys(POINT_LABELS_ZH_CN.suffixes).find((en) => point.label.endsWith(en));
  const label = suffix ? point.label.slice(0, -suffix.length) : point.label;
  const after = suffix ? POINT_LABELS_ZH_CN.suffixes[suffix]! : '';
  for (const shape of shapes(point.launch)) {
    for (const sep of SEPARATORS) {
      const tail = `${sep.en}${shape.en}`;
      if (!label.endsWith(tail)) continue;
      const head = fromTable(label.slice(0, -tail.length), POINT_LABELS_ZH_CN.heads);
      if (head !== null) return { text: `${head}${sep.zh}${shape.zh}${after}`, english: false };
    }
  }
  return { text: point.label, english: true };
}

/**
 * A headline ratio's name in `locale`: the table's words in zh-CN, else the recorded English (`english: true`); in
 * English as recorded, "at 1 warps" said "at 1 warp".
 */
export function ratioName(name: string, locale: string): ShownText {
  if (locale !== 'zh-CN') return { text: englishShown(name), english: false };
  const words = fromTable(name, POINT_LABELS_ZH_CN.ratios);
  return words === null ? { text: name, english: true } : { text: words, english: false };
}

/**
 * A label a ratio names as its numerator or denominator, in `locale`: rebuilt from the result's point of that label
 * (pointLabel), or the recorded English when no point has it.
 */
export function labelAmong(label: string, points: readonly LabelledPoint[], locale: string): ShownText {
  const point = points.find((p) => p.label === label);
  if (point) return pointLabel(point, locale);
  return locale === 'en' ? { text: englishShown(label), english: false } : { text: label, english: true };
}

/**
 * A series id in `locale`: ids are identifiers (warp, phases_grid, fence:block:alone) and stay; the block count some
 * modes append (" × 132 blocks", the fences mode) is said in the locale's words.
 */
export function seriesName(series: string, locale: string): string {
  const blocks = /^(.*) × (\d+) blocks?$/.exec(series);
  if (locale !== 'zh-CN' || !blocks) return series;
  return `${blocks[1]} × ${POINT_LABELS_ZH_CN.seriesBlocks.replace('{blocks}', blocks[2]!)}`;
}
