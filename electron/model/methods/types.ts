/**
 * The shapes of the method text: sections of paragraphs (inline code in backticks, as in Markdown, so every shell can
 * show them), and the facts about each mode's kernels that the text is written from.
 */
import type { KernelMethod, ModeMethod } from '../words/methods';

/** The facts about each mode's kernels (defined beside the words they are written in, words/methods.ts). */
export type { KernelMethod, ModeMethod };

/** A titled part of the method text. */
export interface MethodSection {
  title: string;
  paragraphs: string[];
  /**
   * 'en' when the paragraphs are English although the text was asked for in another language (its words do not
   * describe this mode yet); absent when they are in the asked language.
   */
  lang?: 'en';
}
