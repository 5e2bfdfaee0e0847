/**
 * A WorkbenchApi for component tests: every method is a vi.fn resolving to a plausible answer (overridable per test),
 * `emit` pushes a run event and `emitExportProgress` an export's progress to the listeners, as the host would.
 */
import { vi } from 'vitest';
import type {
  DeviceStatus,
  ExportProgressEvent,
  ModeInfo,
  Result,
  RunEvent,
  WorkbenchApi,
} from '../../../electron/contract';
import { syntheticResult } from '../../fixtures/synthetic-result';

export type FakeApi = { [K in keyof WorkbenchApi]: WorkbenchApi[K] & ReturnType<typeof vi.fn> } & {
  emit(event: RunEvent): void;
  emitExportProgress(event: ExportProgressEvent): void;
};

const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });

/** A host without a GPU, as this machine is. */
export const NO_GPU: DeviceStatus = {
  addon: { loaded: true, reason: null, cudaRuntimeBuild: '13.0', architectures: 'sm_75..sm_120 + PTX' },
  available: false,
  reason: 'CUDA driver version is insufficient for CUDA runtime version: no NVIDIA driver is installed.',
  driverVersion: null,
  runtimeVersion: '13.0',
  devices: [],
  topology: null,
};

/** A host with one GPU (the synthetic fixture's device), where Start is enabled. */
export const WITH_GPU: DeviceStatus = {
  ...NO_GPU,
  available: true,
  reason: null,
  driverVersion: '580.00',
  devices: [syntheticResult().provenance.device!],
  topology: {
    gpuCount: 1,
    pairs: [],
    note: 'one GPU: no pairs',
    nccl: { state: 'missing', version: null, reason: 'NCCL is not installed.' },
  },
};

/** A line mode with one parameter of every kind. */
export const SWEEP_MODE: ModeInfo = {
  id: 'sweep',
  title: 'Block vs warp sweep',
  question: 'How does __syncthreads cost grow with the number of warps?',
  group: 'chapter',
  chart: 'line',
  minCc: 0,
  params: [
    {
      name: 'iters',
      label: 'Iterations',
      kind: 'int',
      default: 256,
      min: 1,
      max: 65536,
      help: 'Loop trips.',
    },
    {
      name: 'nwarps',
      label: 'Warps',
      kind: 'int',
      default: 32,
      min: 1,
      max: 32,
      unit: 'warps',
      help: 'Largest block.',
    },
    { name: 'scale', label: 'Scale', kind: 'number', default: 1.5, min: 0.5, max: 4, help: 'A factor.' },
    {
      name: 'timer',
      label: 'Timer',
      kind: 'enum',
      default: 'events',
      values: ['events', 'clock64'],
      help: 'Which clock.',
    },
    {
      name: 'sizes',
      label: 'Block sizes',
      kind: 'int-list',
      default: [32, 64],
      min: 32,
      max: 1024,
      help: 'Sizes.',
    },
  ],
};

/** A fake API; `overrides` replace individual methods. */
export function createFakeApi(overrides: Partial<WorkbenchApi> = {}): FakeApi {
  const listeners = new Set<(event: RunEvent) => void>();
  const progressListeners = new Set<(event: ExportProgressEvent) => void>();
  const api = {
    shell: vi.fn(() => ok({ kind: 'browser' as const, version: '0.1.0' })),
    device: vi.fn(() => ok(NO_GPU)),
    coopLimit: vi.fn(() =>
      ok({ blocksPerSm: 2, smCount: 132, coResidentBlocks: 264, how: 'occupancy × SMs' }),
    ),
    modes: vi.fn(() => ok([SWEEP_MODE])),
    validateRun: vi.fn(() => ok({ points: 64 })),
    startRun: vi.fn(() => ok({ runId: 'run-1' })),
    startReplay: vi.fn(() => ok({ runId: 'replay-1' })),
    cancelRun: vi.fn(() => ok(null)),
    listResults: vi.fn(() => ok([])),
    getResult: vi.fn(() => Promise.resolve({ ok: false, code: 'NOT_FOUND', message: 'no such result' })),
    renameResult: vi.fn(),
    deleteResult: vi.fn(),
    undoDelete: vi.fn(),
    importResult: vi.fn(),
    listUnreadable: vi.fn(() => ok([])),
    removeUnreadable: vi.fn(),
    exportResults: vi.fn(),
    cancelExport: vi.fn(() => ok(null)),
    listProfiles: vi.fn(() => ok({ profiles: [], unreadable: [] })),
    getProfile: vi.fn(() => Promise.resolve({ ok: false, code: 'NOT_FOUND', message: 'no such profile' })),
    exportProfile: vi.fn(),
    decisionTable: vi.fn(),
    advise: vi.fn(),
    setLocale: vi.fn(() => ok(null)),
    onRunEvent: vi.fn((listener: (event: RunEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    onExportProgress: vi.fn((listener: (event: ExportProgressEvent) => void) => {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    }),
    ...overrides,
    emit(event: RunEvent) {
      for (const listener of listeners) listener(event);
    },
    emitExportProgress(event: ExportProgressEvent) {
      for (const listener of progressListeners) listener(event);
    },
  };
  return api as unknown as FakeApi;
}
