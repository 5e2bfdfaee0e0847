/**
 * Builds the WorkbenchService on the real core: the measurement core, the results library (a folder plus the
 * shipped reference datasets), the text formats and comparisons, and the decision engine. Used by both shells.
 */
import path from 'node:path';

import { compareResults, formatComparison } from '../compare';
import { DECISION_TABLE_FILE } from '../decide/load-table';
import { formatResult } from '../format';
import { reportWords } from '../format/report-locale';
import { withShownLabels } from '../format/shown-labels';
import type { MeasureBackend } from '../../model/measure/backend';
import { coopLimit, deviceStatus } from '../measure/device';
import { startMeasuredRun } from '../measure/run';
import { validateRunRequest } from '../measure/plan-run';
import { modeInfos } from '../../model/modes';
import { ResultsLibrary } from '../results/library';
import { ProfileStore } from '../results/profile-store';
import { decisionAdvisor } from './advisor';
import { cachedExportRunner } from './export-cache';
import { exportOffThread } from './export-pool';
import type { BatcherOptions } from './point-batcher';
import type { ResultFormatter } from './ports';
import { WorkbenchService } from './service';
import { withStoppingFields } from './stopping-fields';

export interface CreateServiceOptions {
  /** The measuring backend (electron/worker's supervised process in both shells). */
  backend: MeasureBackend;
  /** The user's results folder (created on the first save). */
  resultsDir: string;
  /** The app's `resources/` folder: `decision/decision-table.json` and `reference/` datasets. */
  resourcesDir: string;
  /** The single-file HTML report builder, when this build has one. */
  htmlReport?: ResultFormatter['htmlReport'];
  /**
   * The built report page (dist/report): text exports, the HTML report included, are then made in a worker thread
   * (export-pool.ts). Without it they are made off the event loop too, but the HTML report by `htmlReport` here.
   */
  reportDir?: string;
  batch?: BatcherOptions;
  log?: (message: string) => void;
}

/** The service over the real core; nothing is read from disk until the first call. */
export function createWorkbenchService(opts: CreateServiceOptions): WorkbenchService {
  const library = new ResultsLibrary(opts.resultsDir, {
    referenceDirs: [path.join(opts.resourcesDir, 'reference')],
  });
  const formatter: ResultFormatter = {
    formatResult: (result, format, locale, referenceIds) =>
      formatResult(result, format, { locale, ...(referenceIds ? { referenceIds } : {}) }),
    formatComparison: (results, format, locale, referenceIds) =>
      // Markdown words the labels in the report's language; CSV and JSON are data, as recorded.
      formatComparison(
        compareResults(format === 'md' ? results.map((r) => withShownLabels(r, locale ?? 'en')) : results),
        format,
        reportWords(locale),
        referenceIds,
      ),
  };
  if (opts.htmlReport) formatter.htmlReport = opts.htmlReport;
  return new WorkbenchService({
    backend: opts.backend,
    measure: {
      startMeasuredRun,
      validateRunRequest,
      modeInfos: () => withStoppingFields(modeInfos()),
      coopLimit,
      deviceStatus,
    },
    library,
    profiles: new ProfileStore(opts.resultsDir),
    formatter,
    // A repeated export of the same file versions is answered from memory (export-cache.ts).
    exporter: cachedExportRunner({ run: exportOffThread, reportDir: opts.reportDir ?? null }),
    advisor: decisionAdvisor(path.join(opts.resourcesDir, DECISION_TABLE_FILE), library),
    ...(opts.batch ? { batch: opts.batch } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
}
