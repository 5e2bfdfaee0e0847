/** A comparison's words in English (electron/model/words/compare.ts says what they are for). */
import type { CompareWords } from '../compare';

export const COMPARE_EN: CompareWords = {
  verdictRule:
    'Each run is compared with the first on the row’s figure (per-sync ns when every run has it, else the ' +
    'whole kernel), using each median’s 95% confidence interval and a floor. The floor is the larger of the ' +
    'timer’s resolution (one SM cycle: in ns at the run’s measured clock, or 1 cycle) and {relative}% of the first ' +
    'run’s median; each row shows its floor. Faster or slower: the two intervals do not overlap and the medians ' +
    'differ by more than the floor. Same: anything else. Without an interval (published values, fewer than 6 ' +
    'samples) only a difference of more than {large}% (and more than the floor) gives faster or slower; anything ' +
    'smaller is unclear.',
};
