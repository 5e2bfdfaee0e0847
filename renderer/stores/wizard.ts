import { defineStore } from 'pinia';
import type { Answers } from '../../electron/model/decide/types';
import { useAdvice } from './wizard/advice';
import { useDecisionTable } from './wizard/decision-table';
import { useWalk } from './wizard/walk';

/**
 * The decision table (the Lab uses it too), the wizard's walk through it (wizard/walk.ts), and the advice with its
 * costs once every asked question has an answer (wizard/advice.ts).
 */
export const useWizardStore = defineStore('wizard', () => {
  const { table, tableError, loadTable } = useDecisionTable();
  const walk = useWalk(table);
  const { advice, adviceError, adviceLoading, fetchAdvice, clearAdvice } = useAdvice(walk.asked, table);

  /** Records an answer; the advice for the old answers is dropped. */
  function setAnswer(questionId: string, value: string | string[]): void {
    walk.setAnswer(questionId, value);
    clearAdvice();
  }

  /** The next asked question once the one on screen has an answer; after the last one, the summary and advice. */
  async function forward(): Promise<void> {
    if (walk.advance() && walk.done.value) await fetchAdvice();
  }

  /** Puts the wizard at a place (answers and the question on screen); at the summary, asks for the advice. */
  async function restore(place: { answers: Answers; at: string | null }): Promise<void> {
    walk.restore(place);
    clearAdvice();
    if (walk.done.value) await fetchAdvice();
  }

  /** Clears every answer and the advice, and starts again at the first question. */
  function restart(): void {
    walk.restart();
    clearAdvice();
  }

  return {
    table,
    tableError,
    answers: walk.answers,
    visible: walk.visible,
    current: walk.current,
    done: walk.done,
    advice,
    adviceError,
    adviceLoading,
    loadTable,
    setAnswer,
    jumpTo: walk.jumpTo,
    back: walk.back,
    forward,
    restore,
    restart,
  };
});
