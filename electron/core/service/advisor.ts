/**
 * The service's Advisor over the decision engine: the table is read (and validated) on first use, and advice is
 * priced from the results library (advice-costs.ts), its prose quoting the library's own figures (advice-figures.ts).
 */
import { attachCosts } from '../../model/decide/costs';
import { advise } from '../../model/decide/engine';
import { loadDecisionTable } from '../decide/load-table';
import type { DecisionTable } from '../../model/decide/table-schema';
import { costRowsFromLibrary } from './advice-costs';
import { figuresFromLibrary } from './advice-figures';
import type { Advisor, ResultsStore } from './ports';

/**
 * An Advisor reading the decision table at `tablePath`. Throws DecideError (kind 'table') from `table()` and
 * `advise()` when the file is missing or invalid, and kind 'answers' for bad answers.
 */
export function decisionAdvisor(tablePath: string, library: ResultsStore): Advisor {
  let table: DecisionTable | null = null;
  const load = () => (table ??= loadDecisionTable(tablePath));
  return {
    table: () => load(),
    advise: async (answers) => {
      const advice = advise(load(), answers, await figuresFromLibrary(library));
      return attachCosts(advice, await costRowsFromLibrary(advice, library));
    },
  };
}
