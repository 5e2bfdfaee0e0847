import { ref } from 'vue';
import type { UnreadableResult } from '../../../electron/contract';
import { useApi } from '../../api/current';
import { hostShown, uiShown, type ShownMessage } from '../../i18n/shown-message';

/** Files of the results folders that could not be read (shown as "could not be read", with the reason). */
export function useUnreadable() {
  const unreadable = ref<UnreadableResult[]>([]);

  /** Reloads the list from the host; a host that predates listUnreadable answers INVALID: nothing to show then. */
  async function loadUnreadable(): Promise<void> {
    const skipped = await useApi().listUnreadable();
    unreadable.value = skipped.ok ? skipped.value : [];
  }

  /** Moves an unreadable file to the host's trash; returns the host's message (where it went, or why not). */
  async function removeUnreadable(file: string): Promise<ShownMessage> {
    const reply = await useApi().removeUnreadable(file);
    if (!reply.ok) return hostShown(reply);
    unreadable.value = unreadable.value.filter((u) => u.file !== file);
    return uiShown('shown.movedUnreadable', { file, movedTo: reply.value.movedTo });
  }

  return { unreadable, loadUnreadable, removeUnreadable };
}
