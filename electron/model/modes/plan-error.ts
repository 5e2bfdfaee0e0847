/**
 * The error a plan raises before anything is launched: bad parameters (INVALID, with one message per field that
 * says what was wrong and what is allowed), no usable GPU (NO_GPU) or no addon (NO_ADDON). Each field's message is
 * a coded host text (the `plan` section of electron/model/words/en/host.ts), so the Run form words it in its own
 * language; its English is rendered from the same template, as the CLI prints it.
 */
import type { HostText } from '../../contract';
import { hostText, word } from '../words/host-text';

export class PlanError extends Error {
  constructor(
    readonly code: 'INVALID' | 'NO_GPU' | 'NO_ADDON',
    message: string,
    /** Field name -> the field's message in English. */
    readonly fieldErrors: Record<string, string> = {},
    /** Field name -> the same message as a code and its parameters (every field of `fieldErrors`). */
    readonly fieldTexts: Record<string, HostText> = {},
  ) {
    super(message);
    this.name = 'PlanError';
  }

  /**
   * An INVALID error from coded field messages: each field's English from its template, and the message listing
   * them all (`field: message`, separated by "; ").
   * @throws Error when a code has no English template or a placeholder no parameter (a bug in the caller).
   */
  static fields(fieldTexts: Record<string, HostText>): PlanError {
    const fieldErrors = Object.fromEntries(
      Object.entries(fieldTexts).map(([field, text]) => [field, hostText(text.code, text.params).message]),
    );
    const message = Object.entries(fieldErrors)
      .map(([field, msg]) => `${field}: ${msg}`)
      .join('; ');
    return new PlanError('INVALID', message, fieldErrors, fieldTexts);
  }
}

/** Several problems of one field as one clause after the other (`plan.clauses`: "a; b; c" in English). */
export function planClauses(problems: readonly HostText[]): HostText {
  const [first, ...rest] = problems;
  if (!first) throw new Error('planClauses needs at least one problem');
  return rest.length === 0 ? first : word('plan.clauses', { first, rest: planClauses(rest) });
}
