/**
 * What the service needs from the layers below, as interfaces, so it can be built on the real core (see
 * `create-service.ts`) or on test doubles. Library and formatter methods may be synchronous or asynchronous.
 */
import type {
  AdviceAnswers,
  CoopLimit,
  CoopLimitRequest,
  DeviceStatus,
  HostText,
  ImportOutcome,
  Locale,
  ModeInfo,
  ResultQuery,
  ResultSummary,
  RunRequest,
  UnreadableResult,
} from '../../contract';
import type { MeasureBackend } from '../../model/measure/backend';
import type { MeasuredRun, RunCallbacks } from '../measure/run';
import type { ProfileFile } from '../../model/profile/schema';
import type { Provenance, ResultFile } from '../../model/results/schema';
import type { StoredFile } from '../results/stored-file';
import type { ExportRunOptions } from './export-pool';
import type { ExportJob } from './export-task';

export type MaybePromise<T> = T | Promise<T>;

export type { MeasuredRun, RunCallbacks } from '../measure/run';

/** The measurement core (electron/core/measure/run.ts and electron/model/modes). Throws PlanError. */
export interface MeasureCore {
  startMeasuredRun(
    req: RunRequest,
    backend: MeasureBackend,
    cb: RunCallbacks,
    opts?: { scheduleFlag?: Provenance['scheduleFlag'] },
  ): Promise<MeasuredRun>;
  validateRunRequest(req: RunRequest, backend: MeasureBackend): Promise<{ points: number }>;
  modeInfos(): ModeInfo[];
  coopLimit(req: CoopLimitRequest, backend: MeasureBackend): Promise<CoopLimit>;
  deviceStatus(backend: MeasureBackend): Promise<DeviceStatus>;
}

/** The profiles of the results library (electron/core/results/profile-store.ts). */
export interface ProfilesStore {
  /** The ids of the stored profiles. */
  ids(): Promise<string[]>;
  /** Reads and validates one. @throws when it is missing or not a valid profile file. */
  get(id: string): Promise<ProfileFile>;
}

/** The results library (electron/core/results/library.ts). Throws LibraryError / ResultFileError. */
export interface ResultsStore {
  list(query?: ResultQuery): MaybePromise<ResultSummary[]>;
  get(id: string): MaybePromise<ResultFile>;
  /**
   * The text of result `id`'s file as UTF-8 bytes when that text is the result's JSON as it is (a valid file of
   * this version), else null (then `get` it). Optional: a store without it is always read through `get`.
   */
  storedJson?(id: string): MaybePromise<Uint8Array | null>;
  /**
   * Where result `id`'s file is, when its text is the result's JSON as it is (library.ts storedFile), so another
   * thread can read it (readStoredFile) or a reply can stream it (openStoredFile); else null. Optional.
   */
  storedFile?(id: string): MaybePromise<StoredFile | null>;
  save(result: ResultFile): MaybePromise<ResultSummary>;
  rename(id: string, name: string): MaybePromise<ResultSummary>;
  delete(id: string): MaybePromise<{ undoToken: string }>;
  undoDelete(token: string): MaybePromise<ResultSummary>;
  /** The files the listing could not read, with their reasons. */
  unreadable(): MaybePromise<UnreadableResult[]>;
  /** Moves an unreadable file of the user folder to the trash. Throws LibraryError NOT_FOUND / READ_ONLY. */
  removeUnreadable(file: string): MaybePromise<{ movedTo: string }>;
  /**
   * Validates (base64 when `options.base64`, size, UTF-8, schema; older versions migrated) and adds a result file's
   * content, never touching what is already there: the summary of the result the library now holds for it, and
   * what was done (added, already-present, added-with-new-id) with a message. With `options.handOver`, bytes are
   * the library's from then on (they may be transferred to its parse thread and left empty). Throws
   * ResultFileError naming the bad field.
   */
  importText(
    content: string | Uint8Array,
    fileName: string,
    options?: { base64?: boolean; handOver?: boolean },
  ): MaybePromise<ImportOutcome & { summary: ResultSummary }>;
}

/** Text formats of results: one run, or a comparison of several (electron/core/format, electron/core/compare). */
export interface ResultFormatter {
  /**
   * `locale`: the language of Markdown (default English); CSV and JSON are data and ignore it. `referenceIds`: the
   * ids of the reference datasets shipped with the app, which Markdown says are not this GPU.
   */
  formatResult(
    result: ResultFile,
    format: 'md' | 'csv' | 'json',
    locale?: Locale,
    referenceIds?: ReadonlySet<string>,
  ): MaybePromise<string>;
  /**
   * Comparison of two or more runs (Markdown names the runs in `referenceIds` reference datasets); absent when the
   * compare module is not part of this build.
   */
  formatComparison?(
    results: ResultFile[],
    format: 'md' | 'csv' | 'json',
    locale?: Locale,
    referenceIds?: ReadonlySet<string>,
  ): MaybePromise<string>;
  /**
   * A single-file HTML report of one run or a comparison (its page draws the charts), in `locale` (default
   * English), saying which of them are reference datasets (`referenceIds`); absent when the report builder is not
   * part of this build.
   */
  htmlReport?(
    results: ResultFile[],
    locale?: Locale,
    referenceIds?: ReadonlySet<string>,
  ): MaybePromise<string>;
}

/** Text exports made off the host's event loop (export-pool.ts exportOffThread, with this build's report page). */
export interface ExportRunner {
  /** The export's bytes. @throws ExportCancelledError when cancelled; the job's own error when it fails. */
  run(job: ExportJob, options?: ExportRunOptions): Promise<Uint8Array>;
  /** The built report page (dist/report) for the HTML report, or null (then the formatter's htmlReport, if any). */
  reportDir: string | null;
}

/** The decision engine (electron/model/decide) with its table loaded. Throws DecideError. */
export interface Advisor {
  table(): MaybePromise<unknown>;
  advise(answers: AdviceAnswers): MaybePromise<unknown>;
}

/** Why the measuring process was restarted. */
export interface WorkerCrash {
  /** For a person, e.g. "the measuring process stopped reporting for 60 s and was restarted". */
  message: string;
  /** `message` as a code and its parameters (electron/model/words/en/host.ts `worker.*`). */
  text?: HostText;
}

/**
 * A backend hosted in a separate process that can be restarted (electron/worker). The service restarts it after a
 * sticky CUDA error and learns about crashes and watchdog kills through `onCrash`.
 */
export interface SupervisedBackend extends MeasureBackend {
  /** Kills the measuring process and starts a fresh one; resolves once it answers. */
  /** `reason`: why, as a clause of `worker.restartedBecause` (english.ts). */
  restart(reason: HostText): Promise<void>;
  /** Called after the process died or was killed by the watchdog (it is being restarted). */
  onCrash(listener: (crash: WorkerCrash) => void): () => void;
  /** Kills the process for good (app exit). */
  dispose(): Promise<void>;
}

/** True when the backend runs in a supervised process. */
export function isSupervised(backend: MeasureBackend): backend is SupervisedBackend {
  const b = backend as Partial<SupervisedBackend>;
  return typeof b.restart === 'function' && typeof b.onCrash === 'function';
}
