/**
 * The desktop shell's words in a locale (the catalogues: electron/model/words/{en,zh-CN}/shell.ts), and the lines
 * that need Node: an imported file's line in a dialog names the file by its base name.
 */
import path from 'node:path';

import type { Locale } from '../contract';
import { WORDS } from '../model/words';
import type { ShellWords } from '../model/words/shell';
import type { ImportedFile } from './import-types';

/** One imported file's line in a dialog, in `words`: main's own refusal, the host's coded words, or its English. */
export function importLine(f: ImportedFile, words: ShellWords): string {
  if (f.refusal) return words.refused(path.basename(f.file), f.refusal);
  return words.hostMessage(f.text, f.message);
}

/** The shell's words in `locale`. */
export function shellWords(locale: Locale): ShellWords {
  return WORDS[locale].shell;
}
