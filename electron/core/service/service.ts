/**
 * WorkbenchService: every request method of the contract's `WorkbenchApi` except `shell` (each host answers that),
 * in plain Node, plus the run-event stream. Every argument is validated at run time (it may come from a renderer
 * or a WebSocket); every method resolves to a `Result` and never throws.
 */
import type {
  AdviceAnswers,
  CoopLimit,
  CoopLimitRequest,
  DeviceStatus,
  ExportOutcome,
  ExportProgressEvent,
  ExportRequest,
  ImportRequest,
  ModeInfo,
  ReplayRequest,
  Result,
  ResultQuery,
  ResultSummary,
  RunEvent,
  RunRequest,
  UnreadableResult,
  WorkbenchApi,
} from '../../contract';
import type { ProfileExportRequest, ProfileSummary, UnreadableProfile } from '../../contract/profiles';
import type { MeasureBackend } from '../../model/measure/backend';
import type { Provenance, ResultFile } from '../../model/results/schema';
import type { StoredFile } from '../results/stored-file';
import { answersSizeProblem, MAX_ANSWERS_BYTES } from './answers-input';
import { buildExport, type DeliveredExport, type ExportDelivery } from './export';
import { ExportsInFlight } from './exports-in-flight';
import { fail, ok, toFailure } from './failure';
import type { BatcherOptions } from './point-batcher';
import type {
  Advisor,
  ExportRunner,
  MeasureCore,
  ProfilesStore,
  ResultFormatter,
  ResultsStore,
} from './ports';
import { ProfileMethods } from './profiles';
import { RunEventHub } from './run-events';
import { RunManager } from './run-manager';
import {
  AdviceAnswersSchema,
  CoopLimitRequestSchema,
  ExportIdSchema,
  ExportRequestSchema,
  FilePathSchema,
  IdSchema,
  importRequestSchema,
  NameSchema,
  ReplayRequestSchema,
  ResultQuerySchema,
  RunRequestSchema,
  parse,
} from './validate';

export interface WorkbenchServiceDeps {
  /** Measures: the measuring process (electron/worker) in the shells, the addon in-process in the CLI. */
  backend: MeasureBackend;
  measure: MeasureCore;
  library: ResultsStore;
  /** The library's profiles (`syncbench profile` saves them). */
  profiles: ProfilesStore;
  formatter: ResultFormatter;
  /** Makes text exports off the event loop (export-pool.ts); without it they are made here by `formatter`. */
  exporter?: ExportRunner;
  advisor: Advisor;
  /** How live points are grouped on their way out (default: 50 ms / 100 points). */
  batch?: BatcherOptions;
  scheduleFlag?: Provenance['scheduleFlag'];
  /** Problems with no caller to report to (a result that could not be saved, a listener that threw). */
  log?: (message: string) => void;
}

/** The API less what each shell answers itself: which shell it is, and the UI's language (its own windows). */
export type ServiceApi = Omit<WorkbenchApi, 'shell' | 'setLocale'>;

async function guard<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (err) {
    return toFailure(err);
  }
}

export class WorkbenchService implements ServiceApi {
  private readonly events: RunEventHub;
  private readonly runs: RunManager;
  private readonly exports: ExportsInFlight;
  private readonly profiles: ProfileMethods;

  constructor(private readonly deps: WorkbenchServiceDeps) {
    this.profiles = new ProfileMethods(deps.profiles);
    const log = deps.log ?? ((m: string) => console.warn(`syncbench: ${m}`));
    this.exports = new ExportsInFlight(log);
    this.events = new RunEventHub((err) => log(`a run-event listener threw: ${(err as Error).message}`));
    this.runs = new RunManager({ ...deps, events: this.events, log });
  }

  /** The backend the service measures with (the shells dispose it on exit). */
  get backend(): MeasureBackend {
    return this.deps.backend;
  }

  /** Addon, driver and devices, or why no GPU can be used. */
  device(): Promise<Result<DeviceStatus>> {
    return guard(async () => ok(await this.deps.measure.deviceStatus(this.deps.backend)));
  }

  /** The cooperative co-resident limit for a block size (INVALID / NO_GPU / NO_ADDON). */
  coopLimit(req: CoopLimitRequest): Promise<Result<CoopLimit>> {
    return guard(async () => {
      const p = parse(CoopLimitRequestSchema, req, 'cooperative-limit request');
      return p.ok ? ok(await this.deps.measure.coopLimit(p.value, this.deps.backend)) : p;
    });
  }

  /** Every mode with its parameters and defaults. */
  modes(): Promise<Result<ModeInfo[]>> {
    return guard(async () => ok(this.deps.measure.modeInfos()));
  }

  /** Checks a run request without running it: the number of points, or INVALID with field messages. */
  validateRun(req: RunRequest): Promise<Result<{ points: number }>> {
    return guard(async () => {
      const p = parse(RunRequestSchema, req, 'run request');
      return p.ok ? ok(await this.deps.measure.validateRunRequest(p.value, this.deps.backend)) : p;
    });
  }

  /** Starts a measured run; its events follow on `onRunEvent`. BUSY while another run is in progress. */
  startRun(req: RunRequest): Promise<Result<{ runId: string }>> {
    return guard(async () => {
      const p = parse(RunRequestSchema, req, 'run request');
      return p.ok ? this.runs.startLive(p.value) : p;
    });
  }

  /** Replays a saved result through the run events (`replay: true`). BUSY / NOT_FOUND. */
  startReplay(req: ReplayRequest): Promise<Result<{ runId: string }>> {
    return guard(async () => {
      const p = parse(ReplayRequestSchema, req, 'replay request');
      return p.ok ? this.runs.startReplay(p.value) : p;
    });
  }

  /** Cancels the run in progress (its `cancelled` event follows). NOT_FOUND for another id. */
  cancelRun(runId: string): Promise<Result<null>> {
    return guard(async () => {
      const p = parse(IdSchema, runId, 'runId');
      return p.ok ? this.runs.cancel(p.value) : p;
    });
  }

  /** Summaries of the saved and reference results matching `query` (null/undefined: all). */
  listResults(query?: ResultQuery): Promise<Result<ResultSummary[]>> {
    return guard(async () => {
      const p = parse(ResultQuerySchema.optional(), query ?? undefined, 'query');
      return p.ok ? ok(await this.deps.library.list(p.value)) : p;
    });
  }

  /** One result file (NOT_FOUND). */
  getResult(id: string): Promise<Result<ResultFile>> {
    return guard(async () => {
      const p = parse(IdSchema, id, 'id');
      return p.ok ? ok(await this.deps.library.get(p.value)) : p;
    });
  }

  /**
   * Result `id`'s stored file, when its text is the result as it is (library.ts storedFile), else null: for a shell
   * that can send a file's bytes as they are (the browser shell streams them to its getResult reply), so a large
   * result is neither parsed nor held whole on the host's thread. Null too for a bad id and for every failure:
   * `getResult` then gives the answer and its error. Not part of the contract.
   */
  async getResultFile(id: unknown): Promise<StoredFile | null> {
    const p = parse(IdSchema, id, 'id');
    if (!p.ok || !this.deps.library.storedFile) return null;
    return Promise.resolve(this.deps.library.storedFile(p.value)).catch(() => null);
  }

  /** Renames a saved result (NOT_FOUND; FORBIDDEN for reference data). */
  renameResult(id: string, name: string): Promise<Result<ResultSummary>> {
    return guard(async () => {
      const i = parse(IdSchema, id, 'id');
      if (!i.ok) return i;
      const n = parse(NameSchema, name, 'name');
      return n.ok ? ok(await this.deps.library.rename(i.value, n.value)) : n;
    });
  }

  /** Moves a result to the trash; the token undoes it. */
  deleteResult(id: string): Promise<Result<{ undoToken: string }>> {
    return guard(async () => {
      const p = parse(IdSchema, id, 'id');
      return p.ok ? ok(await this.deps.library.delete(p.value)) : p;
    });
  }

  /** Brings a deleted result back. */
  undoDelete(undoToken: string): Promise<Result<ResultSummary>> {
    return guard(async () => {
      const p = parse(IdSchema, undoToken, 'undoToken');
      return p.ok ? ok(await this.deps.library.undoDelete(p.value)) : p;
    });
  }

  /**
   * Adds a result file from elsewhere: INVALID with the bad field when it is not a valid result file. The reply is
   * the summary of the result the library holds for the file (the existing one when it was already there) with
   * `importOutcome`: added, already-present or added-with-new-id, and the message to show.
   */
  importResult(req: ImportRequest): Promise<Result<ResultSummary>> {
    return guard(async () => {
      const p = parse<ImportRequest>(importRequestSchema(req), req, 'import request');
      if (!p.ok) return p;
      const valid = p.value;
      const { summary, status, message, text } = await ('bytes' in valid
        ? this.deps.library.importText(valid.bytes, valid.fileName, { handOver: true })
        : this.deps.library.importText(valid.content, valid.fileName, { base64: valid.base64 }));
      return ok({ ...summary, importOutcome: { status, message, ...(text ? { text } : {}) } });
    });
  }

  /** The files of the results folders that could not be read, each with its reason. */
  listUnreadable(): Promise<Result<UnreadableResult[]>> {
    return guard(async () => ok(await this.deps.library.unreadable()));
  }

  /** Moves an unreadable file to the results folder's trash (NOT_FOUND; FORBIDDEN for a shipped reference file). */
  removeUnreadable(file: string): Promise<Result<{ movedTo: string }>> {
    return guard(async () => {
      const p = parse(FilePathSchema, file, 'file');
      return p.ok ? ok(await this.deps.library.removeUnreadable(p.value)) : p;
    });
  }

  /**
   * The export as text (`savedPath: null`); the desktop shell saves it and makes PDFs. `delivery` (not part of the
   * contract: a shell's own use) asks for the bytes instead of the text, cancels it or follows its progress. With
   * `req.exportId` its progress goes to onExportProgress and cancelExport stops it; a cancelled export (there or
   * through `delivery.signal`) answers CANCELLED. INVALID when an export of the same exportId is in flight.
   */
  exportResults(req: ExportRequest, delivery: ExportDelivery = {}): Promise<Result<DeliveredExport>> {
    return guard(async () => {
      const p = parse(ExportRequestSchema, req, 'export request');
      if (!p.ok) return p;
      const { exportId } = p.value;
      const tracked = exportId === undefined ? null : this.exports.start(exportId, delivery.signal);
      if (exportId !== undefined && !tracked) {
        const message = `An export with exportId ${JSON.stringify(exportId)} is already in flight; use a new id.`;
        return fail('INVALID', message, { exportId: 'is already in use by an export in flight' });
      }
      const tracking: ExportDelivery = tracked
        ? {
            ...delivery,
            signal: tracked.signal,
            onProgress: (progress) => {
              tracked.onProgress(progress);
              delivery.onProgress?.(progress);
            },
          }
        : delivery;
      try {
        return await buildExport(
          p.value,
          this.deps.library,
          this.deps.formatter,
          this.deps.exporter,
          tracking,
        );
      } finally {
        tracked?.done();
      }
    });
  }

  /** Stops the export in flight named `exportId` (it answers CANCELLED); NOT_FOUND when none is in flight. */
  cancelExport(exportId: string): Promise<Result<null>> {
    return guard(async () => {
      const p = parse(ExportIdSchema, exportId, 'exportId');
      if (!p.ok) return p;
      if (this.exports.cancel(p.value)) return ok(null);
      return fail(
        'NOT_FOUND',
        `No export with exportId ${JSON.stringify(p.value)} is in flight (it may have finished).`,
      );
    });
  }

  /** Subscribes to the progress of exports that carry an exportId; returns the unsubscribe function. */
  onExportProgress(listener: (event: ExportProgressEvent) => void): () => void {
    return this.exports.on(listener);
  }

  /**
   * exportResults for a wire reply (not part of the contract): `content: null` and, under EXPORT_BYTES, the UTF-8 of
   * the content as a JSON string, made off the event loop, which the browser shell splices into its reply frame
   * (event-frames.ts replyFrame) instead of serializing a large export on its thread.
   */
  exportResultsWire(req: ExportRequest, delivery: Omit<ExportDelivery, 'deliver'> = {}) {
    return this.exportResults(req, { ...delivery, deliver: 'wire' });
  }

  /** The library's profiles, newest first, and those that could not be read. */
  listProfiles(): Promise<Result<{ profiles: ProfileSummary[]; unreadable: UnreadableProfile[] }>> {
    return guard(() => this.profiles.list());
  }

  /** One saved profile, validated (INVALID id, NOT_FOUND). */
  getProfile(id: string): Promise<Result<unknown>> {
    return guard(() => this.profiles.get(id));
  }

  /** A saved profile as md, csv or json, for the renderer to download. */
  exportProfile(req: ProfileExportRequest): Promise<Result<ExportOutcome>> {
    return guard(() => this.profiles.export(req));
  }

  /** The decision table, as data. */
  decisionTable(): Promise<Result<unknown>> {
    return guard(async () => ok(await this.deps.advisor.table()));
  }

  /**
   * The decision engine's advice for `answers` (INVALID names unknown questions or answers). Answers over
   * MAX_ANSWERS_BYTES as JSON (answers-input.ts) are refused before anything else reads them.
   */
  advise(answers: AdviceAnswers): Promise<Result<unknown>> {
    return guard(async () => {
      const tooLarge = answersSizeProblem(answers);
      if (tooLarge) {
        return fail('INVALID', tooLarge, {
          answers: `must be at most ${MAX_ANSWERS_BYTES / 1024} KiB as JSON`,
        });
      }
      const p = parse(AdviceAnswersSchema, answers, 'answers');
      return p.ok ? ok(await this.deps.advisor.advise(p.value)) : p;
    });
  }

  /** Subscribes to run events; returns the unsubscribe function. */
  onRunEvent(listener: (event: RunEvent) => void): () => void {
    return this.events.on(listener);
  }

  /** The id of the run in progress, or null. */
  get activeRunId(): string | null {
    return this.runs.activeRunId;
  }
}
