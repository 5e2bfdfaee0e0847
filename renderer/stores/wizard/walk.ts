import { computed, ref, type Ref } from 'vue';
import { nextQuestion, visibleQuestions } from '../../../electron/model/decide/engine';
import { tick } from '../../../electron/model/decide/exclusive';
import type { DecisionTable, Question } from '../../../electron/model/decide/table-schema';
import type { Answers } from '../../../electron/model/decide/types';

/**
 * The walk through the decision table: the answers given and the question on screen.
 *
 * `cursor` is the id of the question on screen after Back, Forward or a jump; null means "the engine's next
 * question", which is the summary when there is none. Answers to questions hidden by a later change stay in
 * `answers` (so changing back restores them) but are never in `asked`, which is what the engine gets.
 */
export function useWalk(table: Ref<DecisionTable | null>) {
  const answers = ref<Answers>({});
  const cursor = ref<string | null>(null);

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
   * an earlier answer can withdraw one, e.g. __syncthreads once the host is the producer).
   */
  const asked = computed<Answers>(() => offeredAnswers(visible.value, answers.value));

  /**
   * Records an answer (a list for a multi-select question; an empty list removes the answer). A newly ticked answer
   * drops the answers it excludes (the table's `alone` and `exclusive`). The question stays on screen until Forward.
   */
  function setAnswer(questionId: string, given: string | string[]): void {
    cursor.value = questionId;
    const question = table.value?.questions.find((q) => q.id === questionId);
    const value =
      Array.isArray(given) && question
        ? ticked(question, [answers.value[questionId] ?? []].flat(), given)
        : given;
    const next = { ...answers.value };
    if (Array.isArray(value) && value.length === 0) delete next[questionId];
    else next[questionId] = value;
    answers.value = next;
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

  /** Moves past the question on screen once it has an answer; false when it has none. */
  function advance(): boolean {
    const question = current.value;
    if (!question || answers.value[question.id] === undefined) return false;
    const list = visible.value;
    cursor.value = list[list.indexOf(question) + 1]?.id ?? null;
    return true;
  }

  /** Puts the walk at `place` (from the address or the last session): its answers, and its question on screen. */
  function restore(place: { answers: Answers; at: string | null }): void {
    answers.value = { ...place.answers };
    cursor.value = place.at;
  }

  /** Clears every answer and starts again at the first question. */
  function restart(): void {
    answers.value = {};
    cursor.value = null;
  }

  return { answers, visible, current, done, asked, setAnswer, jumpTo, back, advance, restore, restart };
}

/** The answers of the `visible` questions only, and of those only the answers still offered. */
function offeredAnswers(visible: Question[], answers: Answers): Answers {
  const out: Answers = {};
  for (const q of visible) {
    const given = answers[q.id];
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
}

/** The choice `given` once each answer newly ticked since `before` has dropped the answers it excludes. */
function ticked(question: Question, before: string[], given: string[]): string[] {
  return given.filter((id) => !before.includes(id)).reduce((chosen, id) => tick(question, chosen, id), given);
}
