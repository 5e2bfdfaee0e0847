/**
 * The modes' words in a language other than English, by mode id. English is written once, in each mode's module
 * (`ModeInfo.title`, `ModeInfo.question`, electron/model/modes) and its methods table (electron/model/methods);
 * a locale supplies the same facts in its language. Mode ids, workload ids, API names and parameter names stay as
 * they are.
 */

/** One mode: its title and question (as ModeInfo's), its kernels' texts by workload id, and its notes. */
export interface ModeWords {
  title: string;
  question: string;
  /** Per workload id: what each iteration runs (`body`) and the launch shape (`launch`), as the methods table's. */
  kernels: Record<string, { body: string; launch: string }>;
  /** The mode's method notes, one for one with the English notes. */
  notes: string[];
}

/** Every mode a locale translates, by mode id. */
export type ModesWords = Readonly<Record<string, ModeWords>>;
