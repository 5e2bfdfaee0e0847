/**
 * How the numbers are made (docs/methods.md): the method of each mode as text sections and Markdown, one result's own
 * plan with both figures of the same run, and what a compute-sanitizer run means. No Node imports: the renderer
 * uses it as well as the exports.
 */
export { methodSections, methodModeIds } from './sections';
export { methodsMarkdown } from './markdown';
export { launchShare, H200_MODES_EXAMPLE } from './launch-overhead';
export type { LaunchShare } from './launch-overhead';
export { runMethodLines, runMethodRows, stoppingText } from './run-method';
export type { RunMethodRow } from './run-method';
export { sanitizerOutcome } from './sanitizer-outcome';
export type { SanitizerOutcome } from './sanitizer-outcome';
export type { MethodSection } from './types';
