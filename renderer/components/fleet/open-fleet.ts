/**
 * Opening a fleet in the page: a fleet file (the JSON `syncbench fleet merge` writes, validated with the fleet
 * schema as every reader does) or the merged folder itself, whose `fleet.json` is read and whose result files are
 * kept by their path relative to it (a run's `file`), so each GPU can open its result. Nothing is sent to the host.
 */
import { FleetFileSchema, type FleetFile } from '../../../electron/model/fleet/fleet-schema';
import { errorWords, uiShown, type ShownMessage } from '../../i18n/shown-message';

/** The name `syncbench fleet merge DIR` gives the fleet file by default (docs/fleet.md#fleet-merge). */
export const FLEET_FILE_NAME = 'fleet.json';

export type OpenedFleet =
  | { ok: true; fleet: FleetFile; name: string; results: ReadonlyMap<string, File> }
  | { ok: false; message: ShownMessage };

/** The fleet in `text`, or why it is none (not JSON; the first field the schema refused, by its path). */
export function parseFleet(
  text: string,
  name: string,
): { ok: true; fleet: FleetFile } | { ok: false; message: ShownMessage } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: uiShown('fleetView.notJson', { file: name }, errorWords(err)) };
  }
  const parsed = FleetFileSchema.safeParse(doc);
  if (parsed.success) return { ok: true, fleet: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || '(root)';
  return {
    ok: false,
    message: uiShown(
      'fleetView.notFleet',
      { file: name },
      { message: `${where}: ${issue?.message ?? 'invalid'}` },
    ),
  };
}

/** A fleet file chosen on its own: its GPUs cannot open their results (no result file is at hand). */
export async function openFleetFile(file: File): Promise<OpenedFleet> {
  const parsed = parseFleet(await file.text(), file.name);
  return parsed.ok ? { ...parsed, name: file.name, results: new Map() } : parsed;
}

/** The path of `file` inside the chosen folder (`webkitRelativePath` less the folder's own name). */
function inFolder(file: File): string {
  const rel = file.webkitRelativePath || file.name;
  return rel.split('/').slice(1).join('/') || rel;
}

/**
 * A folder chosen whole (`<input webkitdirectory>`): its shallowest `fleet.json`, and every other JSON file by its
 * path relative to that file's folder.
 */
export async function openFleetFolder(files: readonly File[]): Promise<OpenedFleet> {
  const fleets = files
    .filter((f) => inFolder(f).split('/').pop() === FLEET_FILE_NAME)
    .sort((a, b) => inFolder(a).split('/').length - inFolder(b).split('/').length);
  const fleetFile = fleets[0];
  if (!fleetFile) return { ok: false, message: uiShown('fleetView.noFleetInFolder') };
  const base = inFolder(fleetFile).split('/').slice(0, -1).join('/');
  const prefix = base ? `${base}/` : '';
  const results = new Map<string, File>();
  for (const f of files) {
    const rel = inFolder(f);
    if (f !== fleetFile && rel.endsWith('.json') && rel.startsWith(prefix))
      results.set(rel.slice(prefix.length), f);
  }
  const parsed = parseFleet(await fleetFile.text(), inFolder(fleetFile));
  return parsed.ok ? { ...parsed, name: inFolder(fleetFile), results } : parsed;
}
