/**
 * How a result is named wherever a list shows it (the Results table, Compare's run list and picker, a price's
 * dataset in the "Which barrier?" cost table and `syncbench advise`): its name, its date and the first
 * SHORT_ID_CHARS characters of its id (which tell two results of one name apart), its mode and its device. No Node
 * imports: the renderer uses it with its own date format.
 */

/** Characters of an id shown to tell results of one name apart. */
export const SHORT_ID_CHARS = 8;

/** The first SHORT_ID_CHARS characters of a result's id, e.g. "57ac4d37". */
export function shortRunId(id: string): string {
  return id.slice(0, SHORT_ID_CHARS);
}

/** What names a result in a list. */
export interface NamedRun {
  id: string;
  name: string;
  createdAt: string;
  mode: string;
  deviceName: string | null;
}

/**
 * "sweep through the browser shell (2026-12-01 · 57ac4d37) · sweep · NVIDIA H200": the name, the date written by
 * `date` and the short id, the mode, and the device (`unknownDevice` without one).
 */
export function runLine(run: NamedRun, date: (iso: string) => string, unknownDevice: string): string {
  return `${run.name} (${date(run.createdAt)} · ${shortRunId(run.id)}) · ${run.mode} · ${run.deviceName ?? unknownDevice}`;
}

/** The calendar day of an ISO time as it is written in English text and the CLI: "2026-12-01". */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}
