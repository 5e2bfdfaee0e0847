/** The decision engine's English words (electron/model/words/decide.ts says what they are for). */
import type { DecideWords } from '../decide';

export const DECIDE_EN: DecideWords = {
  scopes: {
    thread: 'thread',
    warp: 'warp',
    block: 'block',
    cluster: 'cluster',
    device: 'device',
    system: 'system',
    stream: 'stream',
    host: 'host',
  },
  launch: {
    none: 'no special launch',
    cooperative: 'cooperative ({api})',
    launchWith: 'launch with {api}',
    gridAtMost: 'grid at most the {limit}',
    clusterDims: 'cluster dims: {dims}',
    minCc: 'compute capability {cc} or newer',
    separator: '; ',
  },
  price: {
    workPhase: 'phase',
    workHandOff: 'hand-off',
    nsPerWork: 'ns per {work}',
    ciHeader: '95% CI, ns per {work}',
    ci: '{low} to {high}',
    conversionOnce: 'per {work} = 1 × {unit}',
    conversionOnceWithWork: 'per {work} = 1 × {unit} (the phase’s own work, one update per thread, included)',
    conversionHalfRoundTrip: 'per {work} = ½ × {unit} (a round trip is two one-way hand-offs)',
    footnote:
      'Every price is per {work}, the unit of work these answers describe: each row says how its measurement ' +
      'converts to it (price = factor × the measured median per unit), and its 95% confidence interval is the ' +
      'median’s, converted the same way.',
    clusterSmallest:
      'priced at the smallest real cluster, {size} blocks launched with a cluster dimension (no cluster size was given)',
  },
  adviceMarkdown: {
    heading: 'Which barrier? {title}',
    recommendation: 'Recommendation:',
    scope: 'Scope:',
    launch: 'Launch:',
    outcome: 'Outcome:',
    notPossible: 'not possible as described: no mechanism makes this hand-off work as it is.',
    mask: 'Mask:',
    atomicScope: 'Atomic scope:',
    migrated: 'Migrated from an older table version',
    hazards: 'Hazards in the current approach',
    noHazards: 'None found.',
    hazard: 'Hazard',
    why: 'Why',
    fix: 'Fix',
    code: '(code: {id})',
    rationale: 'Rationale',
    whyNot: 'Why not',
    alternatives: 'Alternatives',
    onlyChoice: 'None: this is the only valid choice.',
    alternative: 'Alternative',
    ranksLower: 'Why it ranks lower',
    worksInstead: 'What works instead',
    option: 'Option',
    when: 'When',
    how: 'How',
    costs: 'Cost per unit of work',
    measure: 'Measure this',
    nothingMeasures: 'Nothing measures it.',
    measureLine: 'Mode {mode}, workload {workload}{param}: {unit}.',
    measureParam: ' (param {param})',
    codeHeading: 'Code',
    answers: 'Answers',
    question: 'Question',
    answer: 'Answer',
    defaulted: ' (default)',
    ignored: 'Ignored (not asked for these answers): {ids}.',
    listSeparator: ', ',
    sources: 'Sources',
    sourceWords: {
      chapterRow: 'chapter §4 row {n}',
      misconception: 'chapter §8 misconception {n}',
      nextStep: 'chapter §10-D',
      scopeRule: 'the scope rules: {rule}',
      // The scope rules by their names (types.ts SCOPE_RULES), as written.
      scopeRuleNames: {
        participants: 'participants',
        masks: 'masks',
        'fence vs waiting': 'fence vs waiting',
        'flag publishing with release/acquire': 'flag publishing with release/acquire',
        'scope containing producer and consumer': 'scope containing producer and consumer',
        volatile: 'volatile',
        'co-residency for inter-block waiting': 'co-residency for inter-block waiting',
        'host completion': 'host completion',
        'producer, consumers, storage and lifetime': 'producer, consumers, storage and lifetime',
      },
    },
    choice: 'Choice',
    unit: 'Measured as',
    conversion: 'Conversion',
    source: 'Source',
    recommended: ' (recommended)',
    hostFlag: '; host scheduling flag {flag}',
    flagFor: '{measured} (for {asked})',
    withOthers: '; with {list}',
  },
  advice: {
    notPossibleTitle: 'Not possible as described',
    sentenceSeparator: ' ',
    notMeasured: 'not measured yet: run mode {mode}, workload {workload}',
    nothingMeasures: 'nothing measures it',
    measuredOn: 'measured on this machine: {where}',
    referenceSource: 'reference dataset, not this GPU: {where}',
    publishedSource: 'published, not this GPU: {where}',
    phasesMeasured:
      'this product measured {oneRound} for one round (whole kernel, launch included) and {perRound} per further ' +
      'round ({where}); the chapter’s RTX 5090: about 1',
    phasesUnmeasured: 'the chapter’s RTX 5090 measured about 1 (this product’s figure: run mode {mode})',
    gridBlockMeasured:
      'this product measured grid/block of {perSync}× per sync ({where}); the chapter’s RTX 5090: about 17×',
    gridBlockUnmeasured:
      'the chapter’s RTX 5090 measured grid/block of about 17× (this product’s figure: run mode {mode})',
  },
  labNodes: { x: 'input x', w: 'input w', b: 'bias b', z: 'product z', h: 'sum h', y: 'output y' },
  functionGraphNote:
    'This graph records which value each computation needs: y needs h, h needs z and b, z needs x and w. Stepping it ' +
    'shows a valid order of evaluation, nothing more. It has no concurrent agents, no memory the values live in, and ' +
    'no barriers, atomics or fences, so it cannot say when a value written by one agent becomes visible to another. ' +
    'Once the nodes run on different lanes, warps, blocks, kernels or the host, every arrow also needs an ordering ' +
    'edge at a scope that contains both ends (a barrier, a release/acquire pair, a kernel boundary, a host wait) that ' +
    'makes the write visible before the read. Place the nodes to see the edge each dependency needs.',
};
