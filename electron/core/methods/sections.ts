/**
 * How each mode's numbers are produced, as sections of text: one per mode (its kernels, iteration counts, formula,
 * timer, verification, whole-kernel figure), then the parts every mode shares. Pure TypeScript, no Node imports:
 * the renderer, the Markdown export and the HTML report all use it.
 */
import { MODES } from '../modes';
import { baselineText, formulaText, iterationText } from './formula';
import {
  DIFFERENCE_SECTION,
  SANITIZER_SECTION,
  STATISTICS_SECTION,
  STOPPING_SECTION,
  TIMERS_SECTION,
  VERIFICATION_SECTION,
  wholeKernelSection,
} from './general';
import { MODE_METHODS } from './kernels';
import type { KernelMethod, MethodSection } from './types';

/** Every mode id the methods describe, in the app's mode order. */
export function methodModeIds(): string[] {
  return MODES.map((m) => m.info.id);
}

const TIMERS: Record<KernelMethod['timer'], string> = {
  events: 'Timed with CUDA events around the launch',
  'events-all': 'Timed with CUDA events around everything one run launches',
  host: 'Timed on the host’s steady clock around the loop of waits',
};

function timerText(k: KernelMethod): string {
  const cycles = k.cycles
    ? '`clock64()` cycles of the loop give per-sync cycles by the same difference'
    : 'no in-kernel loop, so no cycles';
  return `${TIMERS[k.timer]}; ${cycles}.${k.verified ? ' Output verified (mismatches counted).' : ''}`;
}

function kernelParagraph(k: KernelMethod): string {
  return [
    `\`${k.workload}\`: each iteration runs ${k.body}.`,
    `Launch: ${k.launch}.`,
    `Iterations: ${iterationText(k)}.`,
    `Per unit: \`${formulaText(k)}\`.`,
    baselineText(k),
    timerText(k),
  ].join(' ');
}

function shortRunText(k: KernelMethod): string {
  const lo =
    k.itersLo === 'iters' ? '`iters` iterations' : `${k.itersLo} iteration${k.itersLo === 1 ? '' : 's'}`;
  if (k.timer === 'host') return `host time of ${lo}`;
  return k.timer === 'events' ? `one launch with ${lo}` : `everything launched for ${lo}`;
}

function wholeKernelLine(kernels: KernelMethod[]): string {
  const groups = new Map<string, string[]>();
  for (const k of kernels) groups.set(shortRunText(k), [...(groups.get(shortRunText(k)) ?? []), k.workload]);
  const parts = [...groups.entries()].map(([run, workloads]) =>
    groups.size === 1 ? run : `${workloads.map((w) => `\`${w}\``).join(', ')}: ${run}`,
  );
  return (
    `Whole-kernel figure (\`wholeKernelMs\`): the median time of the short run alone — ${parts.join('; ')} — ` +
    'launch overhead included (see “Whole-kernel figure and per-sync figure”).'
  );
}

/** The section of one mode; a mode this version does not know gets a section that says so. */
function modeSection(id: string): MethodSection {
  const mode = MODES.find((m) => m.info.id === id);
  const method = MODE_METHODS[id];
  if (!mode || !method) {
    return {
      title: `Mode \`${id}\``,
      paragraphs: [`This version of Sync Workbench has no description of mode \`${id}\`.`],
    };
  }
  return {
    title: `Mode \`${id}\`: ${mode.info.title}`,
    paragraphs: [
      mode.info.question,
      ...method.kernels.map(kernelParagraph),
      ...method.notes,
      wholeKernelLine(method.kernels),
    ],
  };
}

/**
 * How the numbers of `modeIds` are produced: one section per mode (in the order given, duplicates once), then the
 * difference method, timers and clock, stopping rule, statistics and cold launches, verification, compute-sanitizer
 * (when a mode runs it) and how the whole-kernel figure relates to the per-sync figure.
 */
export function methodSections(modeIds: string[]): MethodSection[] {
  const ids = [...new Set(modeIds)];
  const sanitizer = ids.some((id) => MODES.find((m) => m.info.id === id)?.sanitizerTools);
  return [
    ...ids.map(modeSection),
    DIFFERENCE_SECTION,
    TIMERS_SECTION,
    STOPPING_SECTION,
    STATISTICS_SECTION,
    VERIFICATION_SECTION,
    ...(sanitizer ? [SANITIZER_SECTION] : []),
    wholeKernelSection(),
  ];
}
