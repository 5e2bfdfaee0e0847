/**
 * Test doubles for the service: valid points and result files, an in-memory library, a scripted measurement
 * core and a backend that can "crash" like the supervised measuring process.
 */
import type {
  HostText,
  ResultQuery,
  ResultSummary,
  RunRequest,
  UnreadableResult,
} from '../../../electron/contract';
import type { AddonStatus, MeasureBackend } from '../../../electron/model/measure/backend';
import { PlanError } from '../../../electron/model/modes/plan-error';
import { decodeBase64 } from '../../../electron/core/results/base64';
import { LibraryError, ResultFileError } from '../../../electron/core/results/errors';
import type { Plan, Point, ResultFile } from '../../../electron/model/results/schema';
import { word } from '../../../electron/model/words/host-text';
import type {
  MeasureCore,
  MeasuredRun,
  ResultsStore,
  RunCallbacks,
  SupervisedBackend,
  WorkerCrash,
} from '../../../electron/core/service/ports';

const stats = (median: number) => ({
  n: 10,
  median,
  p10: median * 0.9,
  p90: median * 1.1,
  min: median * 0.8,
  max: median * 1.2,
  mean: median,
  relSpread: 0.2,
  ciLow: median * 0.95,
  ciHigh: median * 1.05,
});

export function makePoint(index: number, wallMs = 1): Point {
  return {
    index,
    series: 'block',
    label: `block, ${index + 1} warps`,
    x: index + 1,
    workload: 'block_sync',
    param: index + 1,
    baseline: null,
    timing: { body: 'back-to-back', unroll: 64 },
    op: 'one __syncthreads()',
    launch: {
      gridBlocks: 1,
      threadsPerBlock: 32 * (index + 1),
      clusterSize: 0,
      clusterAttribute: false,
      dynamicSmemBytes: 0,
      cooperative: false,
    },
    iters: { lo: 128, hi: 256, unitsPerIter: 1 },
    perSyncNs: stats(10 + index),
    perSyncCycles: stats(20 + index),
    perSyncNsFromCycles: 10 + index,
    wholeKernelMs: stats(0.01),
    clock: {
      measuredMHz: 1980,
      nvmlMHz: 1980,
      maxMHz: 1980,
      conversion: 'globaltimer',
      conversionMHz: 1980,
      throttled: false,
      nvmlEventReasons: 0,
    },
    coldMs: null,
    reps: 10,
    stoppedBy: 'noise',
    noisy: false,
    relCi: 0.01,
    wallMs,
    hostTimed: false,
    incorrect: false,
    verification: null,
    gpuShared: null,
    raw: {
      perSyncNs: [10],
      perSyncCycles: [20],
      mainLoMs: [0.01],
      mainHiMs: [0.02],
      baseLoMs: [],
      baseHiMs: [],
      mainLoCycles: [1],
      mainHiCycles: [2],
      baseLoCycles: [],
      baseHiCycles: [],
      clockMHz: [1980],
      nvmlSmClockMHz: [1980],
    },
  };
}

export const PLAN: Plan = {
  mode: 'sweep',
  device: 0,
  params: { iters: 256 },
  stopping: { warmup: 2, minReps: 10, maxReps: 100, minTimeMs: 0, maxTimeMs: 100, targetRelCi: 0.01 },
  throttleThreshold: 0.85,
  xAxis: { key: 'nwarps', label: 'warps per block', log: false },
};

let nextId = 1;
export function makeResult(points: Point[], over: Partial<ResultFile> = {}): ResultFile {
  const now = new Date().toISOString();
  return {
    format: 'syncbench-result',
    version: 4,
    id: `result-${String(nextId++).padStart(4, '0')}`,
    name: 'sweep on H200',
    createdAt: now,
    units: { perSync: 'ns', cycles: 'cycles', wholeKernel: 'ms', clock: 'MHz' },
    source: { kind: 'measured', citation: null, note: null },
    provenance: {
      app: { name: 'Sync Workbench', version: '0.1.0', commit: 'dev' },
      host: { hostname: 'h', platform: 'linux', osRelease: '6', arch: 'x64', cpuModel: 'cpu', node: 'v20' },
      device: null,
      driverVersion: '580',
      runtimeVersion: '13.0',
      build: null,
      scheduleFlag: 'auto',
      startedAt: now,
      finishedAt: now,
    },
    plan: PLAN,
    status: 'complete',
    error: null,
    points,
    ratios: [],
    notes: [],
    sanitizer: null,
    gpuSharing: null,
    ...over,
  };
}

/** An in-memory ResultsStore (ids of saved results are `saved-N`). */
export class MemoryLibrary implements ResultsStore {
  readonly files = new Map<string, ResultFile>();
  private trash = new Map<string, ResultFile>();
  private saved = 0;
  failSave = false;
  imported: Array<{ content: string; fileName: string }> = [];

  summary(r: ResultFile): ResultSummary {
    return {
      id: r.id,
      name: r.name,
      mode: r.plan.mode,
      deviceName: null,
      createdAt: r.createdAt,
      status: r.status,
      points: r.points.length,
      sourceKind: r.source.kind,
      reference: false,
      ratios: {},
    };
  }
  add(r: ResultFile): ResultFile {
    this.files.set(r.id, r);
    return r;
  }
  list(q?: ResultQuery) {
    return [...this.files.values()]
      .filter((r) => !q?.mode || r.plan.mode === q.mode)
      .map((r) => this.summary(r));
  }
  async get(id: string) {
    const r = this.files.get(id);
    if (!r) throw new LibraryError('NOT_FOUND', `no result with id ${id}`);
    return r;
  }
  save(r: ResultFile) {
    if (this.failSave) throw new Error('disk full');
    const stored = { ...r, id: `saved-${++this.saved}` };
    this.files.set(stored.id, stored);
    return this.summary(stored);
  }
  rename(id: string, name: string) {
    const r = this.files.get(id);
    if (!r) throw new LibraryError('NOT_FOUND', `no result with id ${id}`);
    if (id.startsWith('ref-')) throw new LibraryError('READ_ONLY', 'reference data cannot be renamed');
    r.name = name;
    return this.summary(r);
  }
  delete(id: string) {
    const r = this.files.get(id);
    if (!r) throw new LibraryError('NOT_FOUND', `no result with id ${id}`);
    this.files.delete(id);
    this.trash.set(`undo-${id}`, r);
    return { undoToken: `undo-${id}` };
  }
  undoDelete(token: string) {
    const r = this.trash.get(token);
    if (!r) throw new LibraryError('NOT_FOUND', 'nothing to undo');
    this.files.set(r.id, r);
    return this.summary(r);
  }
  /** Files "found unreadable": tests put entries here. */
  unreadableFiles: UnreadableResult[] = [];
  unreadable() {
    return this.unreadableFiles;
  }
  removeUnreadable(file: string) {
    const found = this.unreadableFiles.find((u) => u.file === file);
    if (!found) throw new LibraryError('NOT_FOUND', `${file} is not a file this library could not read.`);
    if (!found.removable) throw new LibraryError('READ_ONLY', `${file} is a shipped reference file`);
    this.unreadableFiles = this.unreadableFiles.filter((u) => u !== found);
    return { movedTo: `/trash/${file}` };
  }
  importText(content: string | Uint8Array, fileName: string, options: { base64?: boolean } = {}) {
    let text: string;
    const bytes = options.base64 && typeof content === 'string' ? decodeBase64(content, fileName) : content;
    try {
      text = typeof bytes === 'string' ? bytes : new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new ResultFileError('NOT_UTF8', `${fileName} is not UTF-8 text`);
    }
    this.imported.push({ content: text, fileName });
    const r = JSON.parse(text) as ResultFile;
    this.files.set(r.id, r);
    return {
      summary: this.summary(r),
      status: 'added' as const,
      message: `${fileName}: imported as "${r.name}".`,
    };
  }
}

export interface Script {
  /** Points to report (default 5). */
  points?: number;
  /** ms between points (0: all at once, synchronously). */
  intervalMs?: number;
  /** How the run ends after `points` (default complete); 'hang' never ends by itself. */
  end?: 'complete' | 'hang' | { code: string; message: string; sticky?: boolean };
  /** Thrown by startMeasuredRun before the run starts. */
  planError?: PlanError;
}

/** A MeasureCore whose runs follow `script`; cancel ends a run as 'cancelled' with the points so far. */
export class ScriptedMeasure implements MeasureCore {
  script: Script = {};
  requests: RunRequest[] = [];
  private abortCurrent: ((why: { code: string; message: string }) => void) | null = null;

  /** Ends the running run as failed (what the worker backend's rejection does). */
  abort(code: string, message: string): void {
    this.abortCurrent?.({ code, message });
  }

  async startMeasuredRun(req: RunRequest, _backend: MeasureBackend, cb: RunCallbacks): Promise<MeasuredRun> {
    this.requests.push(req);
    const s = this.script;
    if (s.planError) throw s.planError;
    const total = s.points ?? 5;
    const points: Point[] = [];
    cb.onStarted?.(PLAN, total);
    let cancelled = false;
    let wake = () => undefined as void;
    let aborted: { code: string; message: string } | null = null;
    const done = (async () => {
      for (let i = 0; i < total && !cancelled && !aborted; i++) {
        if (s.intervalMs) await new Promise((r) => setTimeout(r, s.intervalMs));
        if (cancelled || aborted) break;
        points.push(makePoint(i, s.intervalMs ?? 0));
        cb.onPoint?.(points.at(-1)!, points.length, total);
      }
      if (s.end === 'hang' && !cancelled && !aborted) await new Promise<void>((r) => (wake = r));
      const result = (status: ResultFile['status'], error: ResultFile['error']) =>
        makeResult([...points], { status, error, name: req.name ?? 'sweep on H200' });
      if (aborted) return { result: result('failed', aborted), sticky: false };
      if (cancelled) return { result: result('cancelled', null), sticky: false };
      if (s.end && typeof s.end === 'object') {
        return {
          result: result('failed', { code: s.end.code, message: s.end.message }),
          sticky: !!s.end.sticky,
        };
      }
      return { result: result('complete', null), sticky: false };
    })();
    this.abortCurrent = (why) => {
      aborted = why;
      wake();
    };
    return {
      cancel: () => {
        cancelled = true;
        wake();
      },
      done,
    };
  }
  async validateRunRequest(req: RunRequest) {
    if (req.mode !== 'sweep') {
      throw PlanError.fields({ mode: word('plan.unknownMode', { mode: req.mode, modes: ['sweep'] }) });
    }
    return { points: 32 };
  }
  modeInfos() {
    return [];
  }
  async coopLimit() {
    return { blocksPerSm: 2, smCount: 132, coResidentBlocks: 264, how: '2 × 132' };
  }
  async deviceStatus() {
    return {
      addon: { loaded: true, reason: null, cudaRuntimeBuild: '13.0', architectures: 'all' },
      available: true,
      reason: null,
      driverVersion: '580',
      runtimeVersion: '13.0',
      devices: [{ ordinal: 0, name: 'NVIDIA H200' } as never],
      topology: null,
    };
  }
}

/** A supervised backend that never measures; `crash()` behaves like the watchdog or a dead process. */
export class FakeSupervisedBackend implements SupervisedBackend {
  restarts: HostText[] = [];
  private listeners = new Set<(c: WorkerCrash) => void>();

  crash(message: string, text?: HostText): void {
    for (const l of this.listeners) l(text ? { message, text } : { message });
  }
  async restart(reason: HostText) {
    this.restarts.push(reason);
  }
  onCrash(listener: (c: WorkerCrash) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async dispose() {}
  async addonStatus(): Promise<AddonStatus> {
    return { loaded: true, reason: null, cudaRuntimeBuild: '13.0', architectures: 'all' };
  }
  async queryDevices() {
    return null;
  }
  async workloads() {
    return [];
  }
  async occupancy() {
    return { blocksPerSm: 0, smCount: 0, coResidentBlocks: 0 };
  }
  async maxActiveClusters() {
    return { maxActiveClusters: 0 };
  }
  async gpuProcesses() {
    return null;
  }
  startRun(): never {
    throw new Error('not used: ScriptedMeasure does not call the backend');
  }
}
