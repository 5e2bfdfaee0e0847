/**
 * The error a plan raises before anything is launched: bad parameters (INVALID, with one message per field that
 * says what was wrong and what is allowed), no usable GPU (NO_GPU) or no addon (NO_ADDON).
 */
export class PlanError extends Error {
  constructor(
    readonly code: 'INVALID' | 'NO_GPU' | 'NO_ADDON',
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'PlanError';
  }

  /** An INVALID error from field messages (the message lists them all). */
  static fields(fieldErrors: Record<string, string>): PlanError {
    const text = Object.entries(fieldErrors)
      .map(([field, msg]) => `${field}: ${msg}`)
      .join('; ');
    return new PlanError('INVALID', text, fieldErrors);
  }
}
