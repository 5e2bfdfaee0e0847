/**
 * The one typed API between the renderer and whatever hosts the core (docs/architecture.md): the Electron preload bridge
 * (`electron/preload`) and the browser-shell client (`renderer/api/ws-client.ts`) both implement `WorkbenchApi`.
 * This module imports nothing at run time (type imports only), so the renderer, preload, main and the browser
 * shell can all share it.
 *
 * Every call resolves to a `Result<T>`: `{ ok: true, value }` or `{ ok: false, code, message }` (never throws across
 * the bridge: Electron keeps only an Error's message). Events flow the other way through `onRunEvent`.
 */
import type { ErrorCode, HostText, Result } from './call-result';
import type { CoopLimit, CoopLimitRequest, DeviceStatus } from './device';
import type { ImportRequest, ResultQuery, ResultSummary, UnreadableResult } from './library';
import type { ProfileExportRequest, ProfileSummary, UnreadableProfile } from './profiles';
import type { Plan, Point, ResultFile } from './result-file';

export type * from './call-result';
export type * from './device';
export type * from './library';

// ---- limits -------------------------------------------------------------------------------------------------

/**
 * Largest result file, in bytes, that any layer reads, stores, imports or accepts: the library (electron/core/
 * results/io.ts), the API's import request, the desktop menu's import, the renderer's check before sending, and
 * the browser shell's upload (IMPORT_PATH). 64 MiB is far above a full sweep with every raw
 * sample kept (a 10,000-point sweep with 20 samples per figure is about 40 MB as compact JSON).
 */
export const MAX_RESULT_FILE_BYTES = 64 * 1024 * 1024;
/** Characters of base64 that carry MAX_RESULT_FILE_BYTES (4 per 3 bytes, padded). */
export const MAX_IMPORT_CHARS = Math.ceil(MAX_RESULT_FILE_BYTES / 3) * 4;
/**
 * Largest WebSocket frame the browser shell accepts: 4 MiB, far above any call but an import or a chart export (a
 * run request, an export of thousands of ids, the advisor's answers are kilobytes; a PNG or SVG the page made of a
 * dense chart, sent as ExportRequest.charts, can take megabytes). The page imports through IMPORT_PATH (an HTTP
 * upload of the bytes, whose length is reserved in the server's memory budget), never as a frame, so a frame never
 * needs to carry a whole file: an `importResult` call of `content` over the socket fits only a file of about 3 MiB.
 * Each connection may hold one frame being received, and the server takes at most 256 WebSockets at once, so
 * clients sending the largest frame hold at most 1 GiB together, however many there are; 16 frames of a whole
 * file's base64 would hold 1.4 GiB (docs/architecture.md#browser-shell-bounds).
 */
export const MAX_WIRE_FRAME_BYTES = 4 * 1024 * 1024;
/**
 * The browser shell's upload of a result file (electron/serve/import-route.ts): `POST` of the file's bytes (at most
 * MAX_RESULT_FILE_BYTES, content type IMPORT_CONTENT_TYPE) to this path, with the page's `?token=` and the file's
 * name URI-encoded in the IMPORT_FILE_NAME_HEADER header; the reply is `importResult`'s Result as JSON.
 */
export const IMPORT_PATH = '/api/import';
export const IMPORT_FILE_NAME_HEADER = 'x-file-name';
export const IMPORT_CONTENT_TYPE = 'application/octet-stream';

// ---- modes and runs ------------------------------------------------------------------------------------------

export interface ParamInfo {
  name: string;
  label: string;
  kind: 'int' | 'number' | 'enum' | 'int-list';
  /** The value used when none is given; null when it depends on the device (`whenUnset` says what is used). */
  default: number | string | number[] | null;
  /** For a `default` of null: what a run uses when no value is given, e.g. "one block per SM". */
  whenUnset?: string;
  min?: number;
  max?: number;
  /** Allowed values for 'enum'. */
  values?: string[];
  unit?: string;
  help: string;
}

export interface ModeInfo {
  id: string;
  title: string;
  /** What question the mode answers. */
  question: string;
  group: 'chapter' | 'scopes' | 'method';
  params: ParamInfo[];
  chart: 'line' | 'bars';
  /** Needs compute capability ≥ this × 10 (e.g. 90 for clusters), or 0. */
  minCc: number;
  /**
   * The stopping-rule settings a run takes, one per `StoppingRequest` key (`name`), with the core's defaults. The
   * host checks their ranges and order; its messages come back as `fieldErrors` (and coded, `fieldTexts`) under the
   * same names. Absent from hosts that predate it.
   */
  stopping?: ParamInfo[];
}

export interface StoppingRequest {
  warmup?: number;
  minReps?: number;
  maxReps?: number;
  minTimeMs?: number;
  maxTimeMs?: number;
  targetRelCi?: number;
}

export interface RunRequest {
  mode: string;
  device?: number;
  params: Record<string, number | string | number[]>;
  stopping?: StoppingRequest;
  /** A name for the result (default: mode and device). */
  name?: string;
  /**
   * How the run takes the GPU (docs/methods.md#a-shared-gpu): `wait` (default) waits for the product's other
   * measuring processes on it, then refuses; `shared` measures beside them; `exclusive` also waits until no other
   * compute process is on the GPU, then refuses naming them.
   */
  gpuAccess?: 'wait' | 'shared' | 'exclusive';
  /** How long `wait` and `exclusive` wait before refusing, in seconds (default 60). */
  gpuWaitS?: number;
}

export interface ReplayRequest {
  /** Library id of the saved result to replay. */
  resultId: string;
  /** 1 = the recorded pace; 0 = as fast as possible. */
  speed: number;
}

/**
 * How long a cancelled live run may take to stop before its measuring process is killed, in ms (a kernel that never
 * returns cannot be asked to stop). Hosts enforce it (electron/worker/worker-backend.ts); the Run view names it.
 */
export const CANCEL_GRACE_MS = 5_000;

export type RunEvent =
  | {
      type: 'started';
      runId: string;
      replay: boolean;
      plan: Plan;
      totalPoints: number;
      /** Where the points come from, for labels: "H200 (live)" or "replay of <name>". */
      sourceLabel: string;
    }
  | {
      type: 'points';
      runId: string;
      replay: boolean;
      /** A batch of finished points, in order. */
      points: Point[];
      done: number;
      total: number;
      /** Estimated time left, from the pace so far. */
      etaMs: number | null;
    }
  | { type: 'finished'; runId: string; replay: boolean; result: ResultFile; savedId: string | null }
  | { type: 'cancelled'; runId: string; replay: boolean; result: ResultFile | null; savedId: string | null }
  | {
      type: 'failed';
      runId: string;
      replay: boolean;
      code: ErrorCode;
      message: string;
      /**
       * `message` as a code and its parameters, for the UI's language: the host's own words by their code (a BUSY,
       * a crash of the measuring process), and words from below it (a CUDA error's, from the native addon) as an
       * `{ en }` parameter of `run.failed`, shown as they are and marked English. Absent from an older host.
       */
      text?: HostText;
      /** The measuring process was restarted after this failure. */
      workerRestarted: boolean;
      /** Points finished before the failure were kept in this partial result. */
      partial: ResultFile | null;
      savedId: string | null;
    };

// ---- languages and exports -----------------------------------------------------------------------------------

/**
 * The languages of the UI and of the host's reports and desktop windows: English and Simplified
 * Chinese. The renderer picks one from the system locale and a setting (renderer/figures/locale.ts).
 */
export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

/** Text and report formats of runs, and 'png' / 'svg' for one chart image the renderer drew. */
export type ExportFormat = 'csv' | 'json' | 'md' | 'html' | 'pdf' | 'png' | 'svg';

export interface ExportRequest {
  /** One id exports a run; several export their comparison. Not read for 'png' / 'svg' (may be empty). */
  ids: string[];
  format: ExportFormat;
  /**
   * For 'png' and 'svg' only, and then required: the one chart image to save, made by the renderer, keyed by a name
   * for the file (e.g. the chart's title). PNG: a data URL (`data:image/png;base64,...`); SVG: the SVG text.
   * Refused with the other formats (the HTML report draws its own charts).
   */
  charts?: Record<string, string>;
  /**
   * The language of a report ('md', 'html', 'pdf'): its headings, sentences, table headers, number and date
   * formats and its charts' texts. Default 'en'. CSV and JSON are data and stay English whatever it says; 'png' and
   * 'svg' are drawn by the renderer in its own language. Result-file data (run names, point labels, ratio names,
   * notes, a tool's output) stays as it is in every language.
   */
  locale?: Locale;
  /**
   * The caller's name for this export (1 to 64 letters, digits, '-' or '_'), unique among its exports in flight:
   * its ExportProgressEvents carry it, and `cancelExport(exportId)` stops it. Absent: no progress, no cancel.
   */
  exportId?: string;
}

/**
 * How far an export in flight is (docs/exports.md#exports-run-off-the-event-loop): reading its result files,
 * building the text, encoding it. `fraction` (0..1) where it is known (the read phase: files read of all), else null.
 */
export interface ExportProgressEvent {
  exportId: string;
  phase: 'read' | 'build' | 'encode';
  fraction: number | null;
}

/** What an export produced: in the desktop shell it was saved where the user chose; in the browser, downloaded. */
export interface ExportOutcome {
  /** File name suggested or chosen. */
  fileName: string;
  /** Saved path (desktop) or null (browser: `content` is downloaded by the renderer). */
  savedPath: string | null;
  mime: string;
  /** Text content, or base64 for binary formats, when the renderer must download it itself. */
  content: string | null;
  base64: boolean;
}

// ---- decision wizard -----------------------------------------------------------------------------------------

/**
 * Answers keyed by question id (docs/decision-engine.md), plus an optional `"$tableVersion"`: the decision table
 * version they were written for (absent: version 1, migrated by the engine).
 */
export type AdviceAnswers = Record<string, string | string[] | number>;

// ---- the API -----------------------------------------------------------------------------------------------

export interface WorkbenchApi {
  /** Which shell hosts the core: features such as PDF export and save dialogs exist only in 'desktop'. */
  shell(): Promise<Result<{ kind: 'desktop' | 'browser'; version: string }>>;
  device(): Promise<Result<DeviceStatus>>;
  coopLimit(req: CoopLimitRequest): Promise<Result<CoopLimit>>;
  modes(): Promise<Result<ModeInfo[]>>;
  /** Validates without running: field errors name the parameter and what is allowed. */
  validateRun(req: RunRequest): Promise<Result<{ points: number }>>;
  startRun(req: RunRequest): Promise<Result<{ runId: string }>>;
  startReplay(req: ReplayRequest): Promise<Result<{ runId: string }>>;
  cancelRun(runId: string): Promise<Result<null>>;
  listResults(query?: ResultQuery): Promise<Result<ResultSummary[]>>;
  getResult(id: string): Promise<Result<ResultFile>>;
  renameResult(id: string, name: string): Promise<Result<ResultSummary>>;
  /** Moves to the trash; `undoDelete` brings it back. */
  deleteResult(id: string): Promise<Result<{ undoToken: string }>>;
  undoDelete(undoToken: string): Promise<Result<ResultSummary>>;
  importResult(req: ImportRequest): Promise<Result<ResultSummary>>;
  /** Files of the results folders that could not be read, each with its reason. */
  listUnreadable(): Promise<Result<UnreadableResult[]>>;
  /** Moves one of `listUnreadable`'s removable files to the results folder's `.trash/` (NOT_FOUND, FORBIDDEN). */
  removeUnreadable(file: string): Promise<Result<{ movedTo: string }>>;
  exportResults(req: ExportRequest): Promise<Result<ExportOutcome>>;
  /**
   * Stops the export in flight named `exportId` (ExportRequest.exportId): its exportResults answers CANCELLED and
   * nothing is written. NOT_FOUND when no export of that id is in flight (it finished, or never started).
   */
  cancelExport(exportId: string): Promise<Result<null>>;
  /** The profiles in the results library, newest first, and those that could not be read, with the reason. */
  listProfiles(): Promise<Result<{ profiles: ProfileSummary[]; unreadable: UnreadableProfile[] }>>;
  /**
   * One saved profile: a profile file (format syncbench-profile, electron/model/profile/schema.ts), validated by
   * the host; NOT_FOUND for an id the library has not, INVALID for an id that cannot be a profile's.
   */
  getProfile(id: string): Promise<Result<unknown>>;
  /** A saved profile as Markdown, CSV or JSON (`savedPath: null`: the renderer downloads `content`). */
  exportProfile(req: ProfileExportRequest): Promise<Result<ExportOutcome>>;
  /** The decision table (questions, answers, recommendations, hazards), as data. */
  decisionTable(): Promise<Result<unknown>>;
  /** Runs the decision engine on the answers, with costs from the latest measurement or a reference dataset. */
  advise(answers: AdviceAnswers): Promise<Result<unknown>>;
  /**
   * Tells the host the UI's language (one of LOCALES; INVALID naming them otherwise), at start and on every switch.
   * The desktop shell words its menus and dialogs in it (and File > Export…'s report); the browser shell has no
   * windows of its own and only checks it. Reports asked for through exportResults carry their own `locale`.
   */
  setLocale(locale: Locale): Promise<Result<null>>;
  /** Subscribes to run events; returns the unsubscribe function. */
  onRunEvent(listener: (event: RunEvent) => void): () => void;
  /** Subscribes to the progress of exports that carry an exportId; returns the unsubscribe function. */
  onExportProgress(listener: (event: ExportProgressEvent) => void): () => void;
  /**
   * Desktop only: the host imported a result file the system handed it (opened from the file manager or the command
   * line) and asks the page to show it. Returns the unsubscribe function.
   */
  onOpenResult?(listener: (opened: OpenedResult) => void): () => void;
}

/** A result file the desktop host imported on the system's behalf: its library id and what the import did. */
export interface OpenedResult {
  resultId: string;
  message: string;
  /** What the import did as a code and its parameters (absent from hosts that predate it). */
  text?: HostText;
}

/** Names of the request/response methods (not onRunEvent), for allowlists in the preload and the server. */
export const API_METHODS = [
  'shell',
  'device',
  'coopLimit',
  'modes',
  'validateRun',
  'startRun',
  'startReplay',
  'cancelRun',
  'listResults',
  'getResult',
  'renameResult',
  'deleteResult',
  'undoDelete',
  'importResult',
  'listUnreadable',
  'removeUnreadable',
  'exportResults',
  'cancelExport',
  'listProfiles',
  'getProfile',
  'exportProfile',
  'decisionTable',
  'advise',
  'setLocale',
] as const satisfies readonly Exclude<
  keyof WorkbenchApi,
  'onRunEvent' | 'onExportProgress' | 'onOpenResult'
>[];
export type ApiMethod = (typeof API_METHODS)[number];

/** IPC channel names (desktop) and message kinds (browser shell WebSocket). */
export const CHANNEL_PREFIX = 'syncbench:';
export const RUN_EVENT_CHANNEL = 'syncbench:run-event';
/** Desktop main -> page: an ExportProgressEvent. */
export const EXPORT_PROGRESS_CHANNEL = 'syncbench:export-progress';
/** Desktop main -> page: an OpenedResult to show. */
export const OPEN_RESULT_CHANNEL = 'syncbench:open-result';

// ---- browser shell wire format (WebSocket, JSON text frames) ---------------------------------------------------

/** Client -> server: call `method` with `args` (the method's parameters, in order); `id` pairs the reply. */
export interface WireCall {
  kind: 'call';
  id: number;
  method: ApiMethod;
  args: unknown[];
}
/** Server -> client: the Result of call `id`. */
export interface WireReply {
  kind: 'reply';
  id: number;
  result: Result<unknown>;
}
/** Server -> client: a run event, pushed to every connected client. */
export interface WireEvent {
  kind: 'run-event';
  event: RunEvent;
  /**
   * Set on a run's last event (finished, cancelled, failed) sent to a client that received every `points` batch of
   * the run: the result (or partial) in `event` then carries `points: []`, and its points are exactly the run's
   * streamed points, in order, which the client already holds. It spares a 10,000-point result (tens of MB of
   * JSON) being serialized by the server and parsed again by the page.
   */
  pointsStreamed?: true;
}
/** Server -> client: the progress of an export that carries an exportId, pushed to every connected client. */
export interface WireExportProgress {
  kind: 'export-progress';
  progress: ExportProgressEvent;
}
export type WireMessage = WireCall | WireReply | WireEvent | WireExportProgress;
