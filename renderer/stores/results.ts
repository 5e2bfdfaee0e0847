import { defineStore } from 'pinia';
import { computed, markRaw, ref, shallowRef } from 'vue';
import type { ResultSummary, UnreadableResult } from '../../electron/contract';
import type { ResultFile } from '../../electron/core/results/schema';
import { useApi } from '../api/current';
import { bytesToBase64 } from '../format/base64';
import { resultFileTooLarge } from '../format/result-size';
import { compareSummaries, matchesText, type SortKey } from './results-order';

/** A deletion that can still be undone. */
export interface DeletedResult {
  name: string;
  undoToken: string;
}

/** The results library: every saved run, search and sort, the opened run, rename, delete with undo, import. */
export const useResultsStore = defineStore('results', () => {
  const list = ref<ResultSummary[]>([]);
  const error = ref<string | null>(null);
  const search = ref('');
  const sortKey = ref<SortKey>('createdAt');
  const sortDescending = ref(true);
  const opened = shallowRef<ResultFile | null>(null);
  const lastDeleted = ref<DeletedResult | null>(null);
  /** Files of the results folders that could not be read (shown as "could not be read", with the reason). */
  const unreadable = ref<UnreadableResult[]>([]);

  /** The list as shown: filtered by the search text, sorted by the chosen column. */
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

  /** Reloads the list, and the files that could not be read, from the host. */
  async function load(): Promise<void> {
    const [reply, skipped] = await Promise.all([useApi().listResults(), useApi().listUnreadable()]);
    if (reply.ok) {
      list.value = reply.value;
      error.value = null;
    } else {
      error.value = reply.message;
    }
    // A host that predates listUnreadable answers INVALID: nothing to show then.
    unreadable.value = skipped.ok ? skipped.value : [];
  }

  /** Moves an unreadable file to the host's trash; returns the host's message (where it went, or why not). */
  async function removeUnreadable(file: string): Promise<string> {
    const reply = await useApi().removeUnreadable(file);
    if (!reply.ok) return reply.message;
    unreadable.value = unreadable.value.filter((u) => u.file !== file);
    return `Moved ${file} to ${reply.value.movedTo}.`;
  }

  /** Opens a run (its full result file) for the chart and table; returns the failure message or null. */
  async function open(id: string): Promise<string | null> {
    const reply = await useApi().getResult(id);
    if (!reply.ok) return reply.message;
    opened.value = markRaw(reply.value);
    return null;
  }

  /** Renames a run; returns the failure message or null. */
  async function rename(id: string, name: string): Promise<string | null> {
    const reply = await useApi().renameResult(id, name);
    if (!reply.ok) return reply.message;
    list.value = list.value.map((row) => (row.id === id ? reply.value : row));
    if (opened.value?.id === id) opened.value = markRaw({ ...opened.value, name: reply.value.name });
    return null;
  }

  /** Moves a run to the trash and remembers how to bring it back; returns the failure message or null. */
  async function remove(id: string): Promise<string | null> {
    const name = list.value.find((row) => row.id === id)?.name ?? id;
    const reply = await useApi().deleteResult(id);
    if (!reply.ok) return reply.message;
    lastDeleted.value = { name, undoToken: reply.value.undoToken };
    list.value = list.value.filter((row) => row.id !== id);
    if (opened.value?.id === id) opened.value = null;
    return null;
  }

  /** Brings back the last deleted run; returns the failure message or null. */
  async function undoDelete(): Promise<string | null> {
    const deleted = lastDeleted.value;
    if (!deleted) return 'Nothing to undo.';
    const reply = await useApi().undoDelete(deleted.undoToken);
    if (!reply.ok) return reply.message;
    lastDeleted.value = null;
    list.value = [...list.value, reply.value];
    return null;
  }

  /**
   * Imports a result file. The bytes go to the host as base64 so it can check the encoding itself. Resolves to
   * `{ refused: true, message }` with the host's refusal verbatim, or `{ refused: false, message }` with what the
   * host did (added, already present, added under a new id). A file over the host's size limit is refused here with
   * the host's message, before it is read or sent.
   */
  async function importFile(file: File): Promise<{ refused: boolean; message: string }> {
    const tooLarge = resultFileTooLarge(file.name, file.size);
    if (tooLarge) return { refused: true, message: tooLarge };
    const content = bytesToBase64(new Uint8Array(await file.arrayBuffer()));
    const reply = await useApi().importResult({ fileName: file.name, content, base64: true });
    if (!reply.ok) return { refused: true, message: reply.message };
    const { importOutcome, ...summary } = reply.value;
    list.value = [...list.value.filter((row) => row.id !== summary.id), summary];
    return { refused: false, message: importOutcome?.message ?? `Imported ${file.name}.` };
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
