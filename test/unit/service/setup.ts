/** Builds a WorkbenchService over the doubles and records its run events. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { RunEvent } from '../../../electron/contract';
import { ProfileStore } from '../../../electron/core/results/profile-store';
import { DecideError } from '../../../electron/model/decide/errors';
import type { ResultFile } from '../../../electron/model/results/schema';
import { WorkbenchService } from '../../../electron/core/service/service';
import type { Advisor, ResultFormatter } from '../../../electron/core/service/ports';
import { FakeSupervisedBackend, MemoryLibrary, ScriptedMeasure } from './doubles';

export type Terminal = Extract<RunEvent, { type: 'finished' | 'cancelled' | 'failed' }>;

export function setup(formatter?: ResultFormatter) {
  const library = new MemoryLibrary();
  // A real profile store on an empty folder of its own (profiles are files; the store is small enough to use).
  const profiles = new ProfileStore(mkdtempSync(path.join(os.tmpdir(), 'sb-service-profiles-')));
  const measure = new ScriptedMeasure();
  const backend = new FakeSupervisedBackend();
  const logs: string[] = [];
  const advisor: Advisor = {
    table: () => ({ version: 7 }),
    advise: (answers) => {
      if (answers.scope === 'nowhere')
        throw new DecideError('answers', ['scope: unknown answer'], 'bad answers');
      return { recommendation: 'syncthreads' };
    },
  };
  const service = new WorkbenchService({
    backend,
    measure,
    library,
    profiles,
    formatter: formatter ?? {
      formatResult: (r: ResultFile, f) => `${f}:${r.name}`,
      formatComparison: (rs: ResultFile[], f) => `${f}:${rs.map((r) => r.id).join('+')}`,
    },
    advisor,
    log: (m) => logs.push(m),
  });
  const events: RunEvent[] = [];
  service.onRunEvent((e) => events.push(e));
  /** The next finished / cancelled / failed event. */
  const ended = () =>
    new Promise<Terminal>((resolve) => {
      const off = service.onRunEvent((e) => {
        if (e.type === 'finished' || e.type === 'cancelled' || e.type === 'failed') {
          off();
          resolve(e);
        }
      });
    });
  const pointsOf = (runId: string) =>
    events.flatMap((e) => (e.type === 'points' && e.runId === runId ? e.points.map((p) => p.index) : []));
  return { service, library, profiles, measure, backend, advisor, logs, events, ended, pointsOf };
}
