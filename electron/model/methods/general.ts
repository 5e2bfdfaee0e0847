/**
 * The parts of the method every mode shares, written from the code that does it: native/src/point_runner.h and .cc
 * (difference method, stopping rule, cold launch), kernels/harness.cuh (timers, clock64, keep-alive),
 * electron/core/measure/to-point.ts (conversion clock, throttling), measure/stats.ts (statistics),
 * verify/sanitizer.ts (compute-sanitizer) and the sources they cite. The sentences are the MethodWords'
 * (words-en.ts, words-zh-cn.ts); the citations and numbers they state are here.
 */
import { FADD_EXPECTED_CYCLES, FADD_TOLERANCE_CYCLES } from '../modes/calibration';
import { h200ExampleText } from './launch-overhead';
import type { MethodSection } from './types';
import type { MethodWords } from '../words/methods';

const LE_BOUDEC = 'J.-Y. Le Boudec, “Performance Evaluation of Computer and Communication Systems”, 2010';

/**
 * The sections every mode shares, in `words`: the difference method, timers and clock, stopping rule, statistics and
 * cold launches, verification, compute-sanitizer (when `sanitizer`), a shared GPU, and the whole-kernel figure with the H200
 * example.
 */
export function sharedSections(words: MethodWords, sanitizer: boolean): MethodSection[] {
  return [
    words.difference,
    words.timers,
    words.stopping(LE_BOUDEC),
    words.statistics(LE_BOUDEC),
    words.verification(FADD_EXPECTED_CYCLES, FADD_TOLERANCE_CYCLES),
    ...(sanitizer ? [words.sanitizer] : []),
    words.sharedGpu,
    words.wholeKernel(h200ExampleText(words)),
  ].map((s) => ({ title: s.title, paragraphs: [...s.paragraphs] }));
}
