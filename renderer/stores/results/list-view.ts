import { computed, ref, type Ref } from 'vue';
import type { ResultSummary } from '../../../electron/contract';
import { compareSummaries, matchesText, type SortKey } from '../results-order';

/** The library as the Results list shows it: filtered by the search text, sorted by the chosen column. */
export function useListView(list: Ref<ResultSummary[]>) {
  const search = ref('');
  const sortKey = ref<SortKey>('createdAt');
  const sortDescending = ref(true);

  const visible = computed(() => {
    const rows = list.value.filter((row) => matchesText(row, search.value));
    const direction = sortDescending.value ? -1 : 1;
    return rows.sort((a, b) => compareSummaries(a, b, sortKey.value, direction));
  });

  /** Sorts by a column; choosing the same column again reverses the order. */
  function sortBy(key: SortKey): void {
    if (sortKey.value === key) sortDescending.value = !sortDescending.value;
    else {
      sortKey.value = key;
      sortDescending.value = key === 'createdAt';
    }
  }

  return { search, sortKey, sortDescending, visible, sortBy };
}
