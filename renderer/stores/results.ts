import { defineStore } from 'pinia';
import { markRaw, ref, shallowRef } from 'vue';
import type { Failure, HostText, ResultSummary } from '../../electron/contract';
import type { ResultFile } from '../../electron/model/results/schema';
import { useApi } from '../api/current';
import { hostShown, type ShownMessage } from '../i18n/shown-message';
import { useDeletion } from './results/deletion';
import { importResultFile } from './results/import-file';
import { useListView } from './results/list-view';
import { useUnreadable } from './results/unreadable';

/**
 * The results library: every saved run, search and sort (results/list-view.ts), the opened run, rename, delete with
 * undo (results/deletion.ts), import (results/import-file.ts), and the files that could not be read
 * (results/unreadable.ts).
 */
export const useResultsStore = defineStore('results', () => {
  const list = ref<ResultSummary[]>([]);
  const error = ref<ShownMessage | null>(null);
  const opened = shallowRef<ResultFile | null>(null);
  const { lastDeleted, remove, undoDelete } = useDeletion(list, opened);
  const { search, sortKey, sortDescending, visible, sortBy } = useListView(list);
  const { unreadable, loadUnreadable, removeUnreadable } = useUnreadable();

  /** Reloads the list, and the files that could not be read, from the host. */
  async function load(): Promise<void> {
    const [reply] = await Promise.all([useApi().listResults(), loadUnreadable()]);
    if (reply.ok) {
      list.value = reply.value;
      error.value = null;
    } else {
      error.value = hostShown(reply);
    }
  }

  /** Opens a run (its full result file) for the chart and table; returns the host's failure or null. */
  async function open(id: string): Promise<Failure | null> {
    const reply = await useApi().getResult(id);
    if (!reply.ok) return reply;
    opened.value = markRaw(reply.value);
    return null;
  }

  /** Renames a run; returns the failure or null. */
  async function rename(id: string, name: string): Promise<ShownMessage | null> {
    const reply = await useApi().renameResult(id, name);
    if (!reply.ok) return hostShown(reply);
    list.value = list.value.map((row) => (row.id === id ? reply.value : row));
    if (opened.value?.id === id) opened.value = markRaw({ ...opened.value, name: reply.value.name });
    return null;
  }

  /**
   * Imports a result file (results/import-file.ts) and lists it. Resolves to `{ refused, message, text }` (the
   * host's English and its code, for i18n/host-text.ts), and `resultId`, the library id the file now has, when it
   * was stored.
   */
  async function importFile(
    file: File,
  ): Promise<{ refused: boolean; message: string; text?: HostText; resultId?: string }> {
    const outcome = await importResultFile(file);
    if (outcome.refused) return outcome;
    const { summary, ...said } = outcome;
    list.value = [...list.value.filter((row) => row.id !== summary.id), summary];
    return { ...said, resultId: summary.id };
  }

  return {
    list,
    error,
    search,
    sortKey,
    sortDescending,
    visible,
    opened,
    lastDeleted,
    unreadable,
    sortBy,
    load,
    open,
    rename,
    remove,
    undoDelete,
    importFile,
    removeUnreadable,
  };
});
