/**
 * Errors of the decision engine: a bad decision table (`kind: 'table'`), bad answers (`'answers'`) or bad cost rows
 * (`'costs'`). `issues` holds one line per problem, each naming the field; `message` joins them.
 */
import type { z } from 'zod';

export type DecideErrorKind = 'table' | 'answers' | 'costs';

export class DecideError extends Error {
  override readonly name = 'DecideError';

  constructor(
    readonly kind: DecideErrorKind,
    readonly issues: string[],
    origin: string,
  ) {
    super(`${origin}:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
  }
}

/**
 * Renders a zod issue path as a readable field name. Array elements that carry an `id` are named by it, so
 * `questions.3.answers.2.id` reads `questions[3 "lanes"].answers[2 "lanes-0-15"].id`.
 */
function fieldName(path: readonly PropertyKey[], data: unknown): string {
  let node: unknown = data;
  let out = '';
  for (const key of path) {
    const next =
      isRecord(node) || Array.isArray(node) ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === 'number') {
      const id = isRecord(next) && typeof next.id === 'string' ? ` "${next.id}"` : '';
      out += `[${key}${id}]`;
    } else {
      out += out === '' ? String(key) : `.${String(key)}`;
    }
    node = next;
  }
  return out === '' ? '(root)' : out;
}

/** One line per zod issue: `<field>: <message>`. */
export function issueLines(error: z.ZodError, data: unknown): string[] {
  return error.issues.map((issue) => `${fieldName(issue.path, data)}: ${issue.message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
