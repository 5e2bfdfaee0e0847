import { ref, shallowRef } from 'vue';
import { parseDecisionTable, type DecisionTable } from '../../../electron/model/decide/table-schema';
import { useApi } from '../../api/current';
import { errorShown, hostShown, type ShownMessage } from '../../i18n/shown-message';

/**
 * The decision table from the host, validated once (the wizard and the Lab use it). A failure of the host or of
 * the validation is kept in `tableError` as the message to show.
 */
export function useDecisionTable() {
  const table = shallowRef<DecisionTable | null>(null);
  const tableError = ref<ShownMessage | null>(null);

  /** Fetches and validates the decision table once. */
  async function loadTable(): Promise<void> {
    if (table.value) return;
    const reply = await useApi().decisionTable();
    if (!reply.ok) {
      tableError.value = hostShown(reply);
      return;
    }
    try {
      table.value = parseDecisionTable(reply.value, 'the decision table from the host');
      tableError.value = null;
    } catch (err) {
      tableError.value = errorShown(err);
    }
  }

  return { table, tableError, loadTable };
}
