import { ref, type Ref, type ShallowRef } from 'vue';
import type { ResultSummary } from '../../../electron/contract';
import type { ResultFile } from '../../../electron/model/results/schema';
import { useApi } from '../../api/current';
import { hostShown, uiShown, type ShownMessage } from '../../i18n/shown-message';

/** A deletion that can still be undone. */
export interface DeletedResult {
  name: string;
  undoToken: string;
}

/**
 * Delete with undo over the library's `list` (and the `opened` run, closed when it is the one deleted): the last
 * deletion is remembered until it is undone.
 */
export function useDeletion(list: Ref<ResultSummary[]>, opened: ShallowRef<ResultFile | null>) {
  const lastDeleted = ref<DeletedResult | null>(null);

  /** Moves a run to the trash and remembers how to bring it back; returns the failure or null. */
  async function remove(id: string): Promise<ShownMessage | null> {
    const name = list.value.find((row) => row.id === id)?.name ?? id;
    const reply = await useApi().deleteResult(id);
    if (!reply.ok) return hostShown(reply);
    lastDeleted.value = { name, undoToken: reply.value.undoToken };
    list.value = list.value.filter((row) => row.id !== id);
    if (opened.value?.id === id) opened.value = null;
    return null;
  }

  /** Brings back the last deleted run; returns the failure or null. */
  async function undoDelete(): Promise<ShownMessage | null> {
    const deleted = lastDeleted.value;
    if (!deleted) return uiShown('storeWords.nothingToUndo');
    const reply = await useApi().undoDelete(deleted.undoToken);
    if (!reply.ok) return hostShown(reply);
    lastDeleted.value = null;
    list.value = [...list.value, reply.value];
    return null;
  }

  return { lastDeleted, remove, undoDelete };
}
