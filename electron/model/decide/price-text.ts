/**
 * A price in words: the unit of work, how a measurement converts to it (work-units.ts), its 95% interval, and which
 * cluster size priced cluster-sync. One text for the wizard's cost table and the Markdown export (`syncbench advise
 * --format md`); a shell in another language passes its own words (the renderer's `priceText.*` messages). No Node
 * imports: the renderer imports it.
 */
import type { Cost, PerWork } from './cost-types';
import type { ConversionBasis, WorkUnit } from './work-units';
import { DECIDE_EN } from '../words/en/decide';
import type { PriceWords } from '../words/decide';

export type { PriceWords };

/** The English words (words/en/decide.ts): what the Markdown export and the CLI print. */
export const PRICE_WORDS: PriceWords = DECIDE_EN.price;

const CONVERSION_KEY: Record<ConversionBasis, keyof PriceWords> = {
  once: 'conversionOnce',
  'once-with-work': 'conversionOnceWithWork',
  'half-round-trip': 'conversionHalfRoundTrip',
};

function filled(text: string, params: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => params[name] ?? match);
}

/** The unit of work's word: "phase" or "hand-off". */
export function workText(unit: WorkUnit, words: PriceWords = PRICE_WORDS): string {
  return unit === 'phase' ? words.workPhase : words.workHandOff;
}

/** A header naming the unit of work, e.g. "ns per phase" (`text` is one of the words with `{work}`). */
export function perWorkHeader(text: string, unit: WorkUnit, words: PriceWords = PRICE_WORDS): string {
  return filled(text, { work: workText(unit, words) });
}

/** How a price converts: "per phase = 1 × one this_grid().sync()". `unit` is the measurement's own unit. */
export function conversionText(perWork: PerWork, unit: string, words: PriceWords = PRICE_WORDS): string {
  return filled(words[CONVERSION_KEY[perWork.basis]], { work: workText(perWork.unit, words), unit });
}

/** Writes a number of ns: with the writer's own precision, or with `decimals` digits after the point when given. */
export type NsFormat = (ns: number, decimals?: number) => string;

/** The most digits after the point an interval's ends are written with. */
const MAX_DECIMALS = 6;

/** The fewest digits after the point (0 to 6) at which `low` and `high` round to different numbers. */
export function distinctDecimals(low: number, high: number): number {
  for (let d = 0; d < MAX_DECIMALS; d += 1) {
    const scale = 10 ** d;
    if (Math.round(low * scale) !== Math.round(high * scale)) return d;
  }
  return MAX_DECIMALS;
}

/**
 * The 95% interval of a price per unit of work, or null when none is known. `format` writes a number in ns; when it
 * writes two different ends alike ("204 to 204" for 203.54 to 204.18) they are written with the fewest decimals
 * that tell them apart ("203.5 to 204.2").
 */
export function ciText(perWork: PerWork, format: NsFormat, words = PRICE_WORDS): string | null {
  const { ciLowNs: low, ciHighNs: high } = perWork;
  if (low === null || high === null) return null;
  let [lowText, highText] = [format(low), format(high)];
  if (lowText === highText && low !== high) {
    const decimals = distinctDecimals(low, high);
    [lowText, highText] = [format(low, decimals), format(high, decimals)];
  }
  return filled(words.ci, { low: lowText, high: highText });
}

/** Which cluster size priced cluster-sync, or null for other choices. */
export function clusterText(cost: Cost, words: PriceWords = PRICE_WORDS): string | null {
  if (cost.clusterSize === null) return null;
  return filled(words.clusterSmallest, { size: String(cost.clusterSize) });
}

/** The footnote under a cost table. */
export function footnoteText(unit: WorkUnit, words: PriceWords = PRICE_WORDS): string {
  return filled(words.footnote, { work: workText(unit, words) });
}
