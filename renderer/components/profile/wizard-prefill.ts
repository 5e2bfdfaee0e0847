/**
 * Opens "Which barrier?" with the answers a profile knows for a kernel (electron/model/profile/wizard-answers.ts),
 * through the wizard store's own actions: it starts over, records each answer whose question the decision table
 * has, and goes forward past the answered questions, so the wizard shows the first question the profile could not
 * answer (or the advice when it answered every one asked).
 */
import type { Router } from 'vue-router';
import { useWizardStore } from '../../stores/wizard';

/** The answers of `known` that name a question (keys starting with `$`, such as `$comment`, are notes). */
export function answerEntries(known: Record<string, string | string[]>): [string, string | string[]][] {
  return Object.entries(known).filter(([id]) => !id.startsWith('$'));
}

/** Prefills the wizard with `known` and shows it. */
export async function openWizardWith(
  known: Record<string, string | string[]>,
  router: Router,
): Promise<void> {
  const wizard = useWizardStore();
  await wizard.loadTable();
  const table = wizard.table;
  if (table) {
    wizard.restart();
    const questions = new Set(table.questions.map((q) => q.id));
    for (const [id, value] of answerEntries(known)) if (questions.has(id)) wizard.setAnswer(id, value);
    const first = wizard.visible[0];
    if (first) wizard.jumpTo(first.id);
    // At most one step per question: the walk cannot loop.
    for (let i = 0; i < table.questions.length; i += 1) {
      const current = wizard.current;
      if (!current || wizard.answers[current.id] === undefined) break;
      await wizard.forward();
    }
  }
  // Without a table the wizard shows why it has none.
  await router.push({ name: 'wizard' });
}
