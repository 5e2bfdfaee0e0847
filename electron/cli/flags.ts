/**
 * How the CLI spells the core's fields as flags: every mode parameter (`nwarpsList` -> `--nwarps-list`) and the
 * stopping rule (`targetRelCi` -> `--noise-target`), and the rewriting of the core's messages into those flags.
 */
import { MODES } from '../model/modes';

/** `nwarpsList` -> `nwarps-list`. */
export const kebab = (s: string): string => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every parameter name of every mode, once, with its help and the modes that take it. */
export function allParams(): Map<string, { help: string; modes: string[] }> {
  const map = new Map<string, { help: string; modes: string[] }>();
  for (const m of MODES) {
    for (const p of m.info.params) {
      const entry = map.get(p.name) ?? { help: p.help, modes: [] };
      entry.modes.push(m.info.id);
      map.set(p.name, entry);
    }
  }
  return map;
}

/** Stopping-rule options: [RunRequest.stopping key, flags, commander attribute, help]. */
export const STOPPING_OPTIONS: ReadonlyArray<[string, string, string, string]> = [
  ['warmup', '--warmup <n>', 'warmup', 'repetitions run and discarded before measuring (default 2)'],
  ['minReps', '--reps <n>', 'reps', 'minimum repetitions per point (default 10)'],
  ['maxReps', '--max-reps <n>', 'maxReps', 'maximum repetitions per point (default 2000)'],
  [
    'minTimeMs',
    '--min-time-ms <ms>',
    'minTimeMs',
    'minimum measuring time per point before the noise target may stop it (default 20)',
  ],
  [
    'maxTimeMs',
    '--max-time-ms <ms>',
    'maxTimeMs',
    'time limit per point; a point stopped here is marked noisy, not dropped (default 300)',
  ],
  [
    'targetRelCi',
    '--noise-target <fraction>',
    'noiseTarget',
    'stop when the 95% CI half-width of the median is below this fraction (default 0.01)',
  ],
];

/** The request fields as the CLI spells them (its flags), for messages. */
const FLAGS: Record<string, string> = Object.fromEntries(
  STOPPING_OPTIONS.map(([key, flags]) => [key, flags.split(' ')[0]!]),
);

/** Core field names that are flags although they have no capital letter. */
const PLAIN_FLAGS = new Set([
  'mode',
  'device',
  'iters',
  'nwarps',
  'nblocks',
  'schedule',
  'sanitizer',
  'participants',
  'work',
  'pair',
  'name',
]);

/** Rewrites the core's field names (`nwarpsList`, `targetRelCi`, ...) in a message as the CLI's flags. */
export function asFlags(message: string): string {
  const flag = (name: string) => FLAGS[name] ?? `--${kebab(name)}`;
  const listed = message.replace(
    /this mode takes ([A-Za-z, ]+)/g,
    (_all, list: string) => `this mode takes ${list.split(', ').map(flag).join(', ')}`,
  );
  return listed.replace(/\b([a-z][A-Za-z]*)\b(?=:| \()/g, (name: string) => {
    if (FLAGS[name]) return FLAGS[name];
    return /[A-Z]/.test(name) || PLAIN_FLAGS.has(name) ? `--${kebab(name)}` : name;
  });
}
