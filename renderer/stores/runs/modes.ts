import { ref } from 'vue';
import type { ModeInfo } from '../../../electron/contract';
import { useApi } from '../../api/current';
import { hostShown, type ShownMessage } from '../../i18n/shown-message';

/** The modes the host offers, with their parameters; a failure to list them is kept as the message to show. */
export function useModes() {
  const modes = ref<ModeInfo[]>([]);
  const modesError = ref<ShownMessage | null>(null);

  /** Loads the list of modes and their parameters. */
  async function loadModes(): Promise<void> {
    const reply = await useApi().modes();
    if (reply.ok) {
      modes.value = reply.value;
      modesError.value = null;
    } else {
      modesError.value = hostShown(reply);
    }
  }

  /** The mode description for an id, if the host offers it. */
  function modeInfo(id: string | undefined): ModeInfo | undefined {
    return modes.value.find((m) => m.id === id);
  }

  return { modes, modesError, loadModes, modeInfo };
}
