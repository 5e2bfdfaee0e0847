/**
 * Opens "Which barrier?" with the answers a profile knows for a kernel (electron/model/profile/wizard-answers.ts),
 * through the wizard's own address (stores/wizard/address.ts): the answers as the query, and the question on screen
 * the first one the profile could not answer (the summary when it answered every one asked). The wizard reads the
 * place from the address as it does for a shared link, leaving out any answer its table does not have.
 */
import type { Router } from 'vue-router';
import { nextQuestion } from '../../../electron/model/decide/engine';
import { toQuery } from '../../stores/wizard/address';
import { useWizardStore } from '../../stores/wizard';

/** The answers of `known` that name a question (keys starting with `$`, such as `$comment`, are notes). */
export function answerEntries(known: Record<string, string | string[]>): [string, string | string[]][] {
  return Object.entries(known).filter(([id]) => !id.startsWith('$'));
}

/** Shows the wizard at the place `known` gives. */
export async function openWizardWith(
  known: Record<string, string | string[]>,
  router: Router,
): Promise<void> {
  const wizard = useWizardStore();
  await wizard.loadTable();
  const table = wizard.table;
  const answers = Object.fromEntries(
    answerEntries(known).filter(([id]) => !table || table.questions.some((q) => q.id === id)),
  );
  // Without a table the wizard shows why it has none; the answers still travel in the address.
  const at = table ? (nextQuestion(table, answers)?.id ?? null) : null;
  await router.push({ name: 'wizard', query: toQuery({ answers, at }) });
}
