/**
 * The files `syncbench fleet` itself writes, told apart by their kind, never by their name
 * (docs/fleet.md#fleet-merge): a fleet file (format `syncbench-fleet`) and the Kubernetes Job of `fleet k8s`
 * (batch/v1 Job labelled `app: syncbench-fleet`). `fleet merge` never reads them as input: they are skipped and
 * counted, so merging a folder that holds an earlier merge's output gives the same fleet as without it.
 */
import { FLEET_FORMAT } from '../../model/fleet/fleet-schema';
import { K8S_APP_LABEL } from './k8s';

/** What kind of fleet output `doc` is, or null when it is none. */
export function fleetOutputKind(doc: unknown): 'fleet file' | 'Kubernetes Job recipe' | null {
  if (typeof doc !== 'object' || doc === null) return null;
  const d = doc as { format?: unknown; kind?: unknown; metadata?: { labels?: { app?: unknown } } };
  if (d.format === FLEET_FORMAT) return 'fleet file';
  if (d.kind === 'Job' && d.metadata?.labels?.app === K8S_APP_LABEL) return 'Kubernetes Job recipe';
  return null;
}

/**
 * Whether the first bytes of a file too large to parse are those of a fleet file: writeFleetFile writes
 * `{"format":"syncbench-fleet",…` (the schema's first field), so the format is known without parsing the rest.
 */
export function isFleetFileHead(head: string): boolean {
  return new RegExp(`^\\s*\\{\\s*"format"\\s*:\\s*"${FLEET_FORMAT}"`).test(head);
}
