/**
 * The decision engine's own words beside the decision table's (docs/decision-engine.md): the scopes, the launch a
 * recommendation requires (decide/launch-text.ts), a price in the unit of work (decide/price-text.ts), the advice's
 * Markdown export (decide/markdown.ts), the engine's own words in an advice (decide/advice-prose.ts) and the
 * dependency lab's node labels and note (decide/lab.ts). `{name}` placeholders stand for what the advice gives; API
 * names, limits and capabilities are never translated. The renderer's messages (`scopes`, `launch`, `priceText`,
 * `adviceMarkdown`, `adviceText`, `labAgents`) are these words.
 */

/**
 * The engine's own words, beside the table's: `{mode}`, `{workload}` and `{where}` are filled in. A shell in another
 * language passes its own (the renderer's `adviceText.*` messages: these words); the CLI prints the English.
 */
export interface AdviceWords {
  /** The title of a not-possible outcome. */
  notPossibleTitle: string;
  /** Put between the sentences of a rationale (the rule's reason, the rationale, each note). */
  sentenceSeparator: string;
  /** A cost without a number whose measurement is known. */
  notMeasured: string;
  /** A cost without a number and without a measurement or a reason from the table. */
  nothingMeasures: string;
  /** Where a cost's number comes from, by its source kind. */
  measuredOn: string;
  referenceSource: string;
  publishedSource: string;
  /** The phases figure (figures.ts): measured by the product, with the chapter's beside it; or the chapter's alone. */
  phasesMeasured: string;
  phasesUnmeasured: string;
  /** The grid/block figure (figures.ts), likewise. */
  gridBlockMeasured: string;
  gridBlockUnmeasured: string;
}

/** The dependency lab's nodes (decide/lab.ts). */
export type LabNodeId = 'x' | 'w' | 'b' | 'z' | 'h' | 'y';

/**
 * The words of launchText, with `{api}`, `{limit}`, `{dims}` and `{cc}` for what the requirement names (API names,
 * limits and capabilities are never translated). A shell in another language passes its own (the renderer's
 * `launch.*` messages).
 */
export interface LaunchWords {
  none: string;
  cooperative: string;
  launchWith: string;
  gridAtMost: string;
  clusterDims: string;
  minCc: string;
  separator: string;
}

/**
 * `{work}`: the unit of work's word; `{unit}`: the measurement's unit (the table's words); `{low}`/`{high}`: the
 * interval; `{size}`: blocks per cluster.
 */
export interface PriceWords {
  workPhase: string;
  workHandOff: string;
  /** The price column's header. */
  nsPerWork: string;
  /** The interval column's header and a value in it. */
  ciHeader: string;
  ci: string;
  /** The conversion of each basis. */
  conversionOnce: string;
  conversionOnceWithWork: string;
  conversionHalfRoundTrip: string;
  /** Said under the table. */
  footnote: string;
  clusterSmallest: string;
}

/**
 * The export's own words (headings, labels, table headers), with `{name}` placeholders for what the advice gives.
 * A shell in another language passes its own (the renderer's `adviceMarkdown.*` messages) together with an advice
 * reworded in that language (advice-prose.ts); `syncbench advise --format md` prints these.
 */
export interface AdviceMarkdownWords {
  heading: string;
  recommendation: string;
  scope: string;
  launch: string;
  outcome: string;
  notPossible: string;
  mask: string;
  atomicScope: string;
  migrated: string;
  hazards: string;
  noHazards: string;
  hazard: string;
  why: string;
  fix: string;
  code: string;
  rationale: string;
  whyNot: string;
  alternatives: string;
  onlyChoice: string;
  alternative: string;
  ranksLower: string;
  worksInstead: string;
  option: string;
  when: string;
  how: string;
  costs: string;
  measure: string;
  nothingMeasures: string;
  measureLine: string;
  measureParam: string;
  codeHeading: string;
  answers: string;
  question: string;
  answer: string;
  defaulted: string;
  ignored: string;
  listSeparator: string;
  sources: string;
  /**
   * A rule's source as a reader cites it (types.ts RULE_SOURCES): a row of the chapter's §4 table, a misconception
   * of its §8, its §10-D, or one of the scope rules, named by `scopeRuleNames` (the English name where it has none).
   */
  sourceWords: {
    chapterRow: string;
    misconception: string;
    nextStep: string;
    scopeRule: string;
    scopeRuleNames: Readonly<Record<string, string>>;
  };
  choice: string;
  /** The measurement's own unit and median. */
  unit: string;
  /** How it converts to the unit of work (price-text.ts). */
  conversion: string;
  source: string;
  recommended: string;
  hostFlag: string;
  flagFor: string;
  withOthers: string;
}

export interface DecideWords {
  /** The decision engine's scopes (decide/types.ts SCOPES) as words. */
  scopes: Readonly<Record<string, string>>;
  launch: LaunchWords;
  price: PriceWords;
  adviceMarkdown: AdviceMarkdownWords;
  /** The engine's own words in an advice (decide/advice-prose.ts). */
  advice: AdviceWords;
  /** The lab's node labels ("input x"). */
  labNodes: Readonly<Record<LabNodeId, string>>;
  /** Why the function graph alone proves nothing about a GPU. */
  functionGraphNote: string;
}
