/** Thrown when a page is not the CSV ncu writes; the message says which page and what was wrong. */
export class NcuParseError extends Error {
  override name = 'NcuParseError';
}
