/**
 * Result files that arrive outside the Import button: dropped on the window (imported through the same store action
 * as Import, so the same size check and the host's validation), or opened by the desktop host for the system
 * (file manager, command line, second instance: `onOpenResult`). Either way the result is opened in Results and
 * what the host did is said.
 */
import { onBeforeUnmount, onMounted, ref } from 'vue';
import { useRouter } from 'vue-router';

import { useApi } from '../api/current';
import type { HostWords } from '../i18n/host-text';
import { useResultsStore } from '../stores/results';

/** True when a drag carries files (not text or a link dragged from the page). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Installs the window's drop handling and the desktop's open requests; `message`/`refused` say how it went
 * (`message`: the host's messages, one per file, each with its code where the host sent one: HostMessage words them).
 */
export function useResultDocuments() {
  const results = useResultsStore();
  const router = useRouter();
  const message = ref<HostWords[] | null>(null);
  const refused = ref(false);

  async function show(resultId: string, said: HostWords[]): Promise<void> {
    await results.load();
    const failure = await results.open(resultId);
    refused.value = failure !== null;
    message.value = failure === null ? said : [{ message: failure.message, text: failure.text }];
    await router.push('/results');
  }

  async function importDropped(files: File[]): Promise<void> {
    const lines: HostWords[] = [];
    let anyRefused = false;
    let last: string | null = null;
    for (const file of files) {
      const outcome = await results.importFile(file);
      lines.push({ message: outcome.message, text: outcome.text });
      anyRefused ||= outcome.refused;
      if (outcome.resultId) last = outcome.resultId;
    }
    if (last) await show(last, lines);
    refused.value = anyRefused;
    message.value = lines;
  }

  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    void importDropped(Array.from(event.dataTransfer?.files ?? []));
  };

  let unsubscribe: (() => void) | null = null;
  onMounted(() => {
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    unsubscribe =
      useApi().onOpenResult?.(
        (opened) => void show(opened.resultId, [{ message: opened.message, text: opened.text }]),
      ) ?? null;
  });
  onBeforeUnmount(() => {
    window.removeEventListener('dragover', onDragOver);
    window.removeEventListener('drop', onDrop);
    unsubscribe?.();
  });

  return { message, refused, importDropped };
}
