import { ref, shallowRef, type Ref } from 'vue';
import type { AdviceWithCosts } from '../../../electron/model/decide/costs';
import { ANSWERS_VERSION_KEY } from '../../../electron/model/decide/migrate';
import type { DecisionTable } from '../../../electron/model/decide/table-schema';
import type { Answers } from '../../../electron/model/decide/types';
import { useApi } from '../../api/current';
import { hostShown, uiShown, type ShownMessage } from '../../i18n/shown-message';

/**
 * The advice for the asked answers, priced by the host from its results library. An answer that changes while the
 * host is answering makes that reply stale: it is dropped.
 */
export function useAdvice(asked: Ref<Answers>, table: Ref<DecisionTable | null>) {
  const advice = shallowRef<AdviceWithCosts | null>(null);
  const adviceError = ref<ShownMessage | null>(null);
  const adviceLoading = ref(false);

  /** Asks the host for the advice on the asked answers. */
  async function fetchAdvice(): Promise<void> {
    adviceLoading.value = true;
    const sent = asked.value;
    // The wizard asks the table's own questions: name its version so the host never migrates these answers.
    const reply = await useApi().advise({ ...sent, [ANSWERS_VERSION_KEY]: table.value?.version ?? 1 });
    adviceLoading.value = false;
    if (sent !== asked.value) return;
    if (reply.ok && isAdvice(reply.value)) {
      advice.value = reply.value;
      adviceError.value = null;
    } else {
      advice.value = null;
      adviceError.value = reply.ok ? uiShown('shown.notAdvice') : hostShown(reply);
    }
  }

  /** Forgets the advice (an answer changed, or the walk restarted). */
  function clearAdvice(): void {
    advice.value = null;
    adviceError.value = null;
  }

  return { advice, adviceError, adviceLoading, fetchAdvice, clearAdvice };
}

/** The contract types `advise` as unknown: check the shape the service's advisor returns. */
function isAdvice(value: unknown): value is AdviceWithCosts {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<AdviceWithCosts>;
  return v.format === 'syncbench-advice' && typeof v.costs === 'object' && v.costs !== null;
}
