/**
 * English counts with their nouns ("1 run", "2 runs", "0 runs"), the one plural helper of the words and of the
 * CLI's English messages. The form is chosen by the CLDR plural rules of English (Intl.PluralRules), so 1 is the
 * only "one" count of a whole number. Chinese has no plural: its words write the number and a measure word
 * (个, 次, 块) in their own templates and never call this. Pure and browser-safe.
 */

const ENGLISH = new Intl.PluralRules('en');

/**
 * `n` and the noun in the form English uses for it: `one` for 1, `many` for every other count (0, 2, 1.5).
 * `many` defaults to `one` + "s"; give it for irregular nouns ("1 task record" is regular; "1 series", "2 series").
 */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${ENGLISH.select(n) === 'one' ? one : many}`;
}

/** The noun alone in the form English uses for `n` ("GPU" for 1, "GPUs" otherwise), for a count written apart. */
export function nounFor(n: number, one: string, many = `${one}s`): string {
  return ENGLISH.select(n) === 'one' ? one : many;
}
