import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { AdviceWithCosts } from '../../electron/core/decide/costs';
import { nextQuestion, visibleQuestions } from '../../electron/core/decide/engine';
import { ANSWERS_VERSION_KEY } from '../../electron/core/decide/migrate';
import {
  parseDecisionTable,
  type DecisionTable,
  type Question,
} from '../../electron/core/decide/table-schema';
import type { Answers } from '../../electron/core/decide/types';
import { useApi } from '../api/current';

/**
 * The decision table (validated here; the Lab uses it too) and the wizard's walk through it: the answers given, the
 * question on screen, and the advice with its costs once every asked question has an answer.
 *
 * `cursor` is the id of the question on screen after Back, Forward or a jump; null means "the engine's next
 * question", which is the summary when there is none. Answers to questions hidden by a later change stay in
 * `answers` (so changing back restores them) but are never sent to the engine.
 */
export const useWizardStore = defineStore('wizard', () => {
  const table = shallowRef<DecisionTable | null>(null);
  const tableError = ref<string | null>(null);
  const answers = ref<Answers>({});
  const cursor = ref<string | null>(null);
  const advice = shallowRef<AdviceWithCosts | null>(null);
  const adviceError = ref<string | null>(null);
  const adviceLoading = ref(false);

  /** The questions asked for the answers so far, in order (the engine decides which). */
  const visible = computed<Question[]>(() =>
    table.value ? visibleQuestions(table.value, answers.value) : [],
  );
  /** The question on screen, or null when the walk is done (the summary). */
  const current = computed<Question | null>(() => {
    if (!table.value) return null;
    const chosen = cursor.value && visible.value.find((q) => q.id === cursor.value);
    return chosen || nextQuestion(table.value, answers.value);
  });
  const done = computed(() => table.value !== null && current.value === null);
  /**
   * The answers of the asked questions only, and of those only the answers still offered (going back and changing
   * an earlier answer can withdraw one, e.g. __syncthreads once the host is the producer): what the engine gets.
   */
  const asked = computed<Answers>(() => {
    const out: Answers = {};
    for (const q of visible.value) {
      const given = answers.value[q.id];
      if (given === undefined) continue;
      const offered = new Set(q.answers.map((a) => a.id));
      if (Array.isArray(given)) {
        const kept = given.filter((id) => offered.has(id));
        if (kept.length > 0 || given.length === 0) out[q.id] = kept;
      } else if (offered.has(given)) {
        out[q.id] = given;
      }
    }
    return out;
  });

  /** Fetches and validates the decision table once; a failure is kept in `tableError`. */
  async function loadTable(): Promise<void> {
    if (table.value) return;
    const reply = await useApi().decisionTable();
    if (!reply.ok) {
      tableError.value = reply.message;
      return;
    }
    try {
      table.value = parseDecisionTable(reply.value, 'the decision table from the host');
      tableError.value = null;
    } catch (err) {
      tableError.value = err instanceof Error ? err.message : String(err);
    }
  }

  /**
   * Records an answer (a list for a multi-select question; an empty list removes the answer). The question stays on
   * screen until Forward.
   */
  function setAnswer(questionId: string, value: string | string[]): void {
    cursor.value = questionId;
    const next = { ...answers.value };
    if (Array.isArray(value) && value.length === 0) delete next[questionId];
    else next[questionId] = value;
    answers.value = next;
    advice.value = null;
    adviceError.value = null;
  }

  /** Shows question `questionId` (an answered one, from the list of answers so far). */
  function jumpTo(questionId: string): void {
    cursor.value = questionId;
  }

  /** The previous asked question (from the summary: the last one). Answers are kept. */
  function back(): void {
    const list = visible.value;
    const index = current.value ? list.indexOf(current.value) : list.length;
    if (index > 0) cursor.value = list[index - 1]!.id;
  }

  /** The next asked question once the one on screen has an answer; after the last one, the summary and advice. */
  async function forward(): Promise<void> {
    const question = current.value;
    if (!question || answers.value[question.id] === undefined) return;
    const list = visible.value;
    cursor.value = list[list.indexOf(question) + 1]?.id ?? null;
    if (done.value) await fetchAdvice();
  }

  /** Asks the host for the advice on the asked answers, priced from its results library. */
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
      adviceError.value = reply.ok ? 'The host answered with something that is not advice.' : reply.message;
    }
  }

  /** Clears every answer and starts again at the first question. */
  function restart(): void {
    answers.value = {};
    cursor.value = null;
    advice.value = null;
    adviceError.value = null;
  }

  return {
    table,
    tableError,
    answers,
    visible,
    current,
    done,
    advice,
    adviceError,
    adviceLoading,
    loadTable,
    setAnswer,
    jumpTo,
    back,
    forward,
    restart,
  };
});

/** The contract types `advise` as unknown: check the shape the service's advisor returns. */
function isAdvice(value: unknown): value is AdviceWithCosts {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<AdviceWithCosts>;
  return v.format === 'syncbench-advice' && typeof v.costs === 'object' && v.costs !== null;
}
