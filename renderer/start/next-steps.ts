/**
 * The start page's next steps, derived from the results library (the shipped reference datasets and the user's
 * runs): one reference dataset per device to open, a sweep to replay, and two devices' modes tables to compare. No
 * id is written here: a reference dataset added to resources/reference joins the list by its device.
 */
import type { ResultSummary } from '../../electron/contract';

/** What the start page offers from the library; each entry is one click away. */
export interface NextSteps {
  /** One reference dataset per device (measured by this product first, then published), by preferred mode. */
  references: ResultSummary[];
  /** The run the "replay" step replays: a measured reference sweep, else any sweep, else any run; null: none. */
  replay: ResultSummary | null;
  /** Two runs of different devices to compare (their modes tables where both have one); null: fewer than two. */
  compare: [ResultSummary, ResultSummary] | null;
}

/** Modes a device's representative dataset is taken from, best first (the chapter's tables before its sweeps). */
const PREFERRED_MODES = ['modes', 'sweep', 'sweep_grid', 'fences'];

function modeRank(row: ResultSummary): number {
  const i = PREFERRED_MODES.indexOf(row.mode);
  return i < 0 ? PREFERRED_MODES.length : i;
}

/** Measured before published, then by preferred mode, then by name (a stable order for equal ranks). */
function byPreference(a: ResultSummary, b: ResultSummary): number {
  const measured = Number(b.sourceKind === 'measured') - Number(a.sourceKind === 'measured');
  return measured || modeRank(a) - modeRank(b) || a.name.localeCompare(b.name);
}

/**
 * The next steps for `rows` (the library's summaries, any order).
 * @param rows every result the library lists (reference datasets and the user's runs)
 */
export function nextSteps(rows: readonly ResultSummary[]): NextSteps {
  const references = rows.filter((r) => r.reference && r.status === 'complete').sort(byPreference);
  const perDevice = new Map<string, ResultSummary>();
  for (const row of references) {
    const device = row.deviceName ?? row.id;
    if (!perDevice.has(device)) perDevice.set(device, row);
  }
  const shown = [...perDevice.values()];
  const sweeps = [...rows].filter((r) => r.mode === 'sweep' && r.points > 0).sort(byPreference);
  const replay = sweeps[0] ?? [...rows].filter((r) => r.points > 0).sort(byPreference)[0] ?? null;
  const modesTables = shown.filter((r) => r.mode === 'modes');
  const pair = modesTables.length >= 2 ? modesTables : shown;
  return {
    references: shown,
    replay,
    compare: pair.length >= 2 ? [pair[0]!, pair[1]!] : null,
  };
}
