/** What serve-fixture.ts tells the end-to-end tests and the benchmark about the browser shell it started. */
export interface FixtureInfo {
  /** The page, token included. */
  url: string;
  resultsDir: string;
  /** Whether the host reports a usable GPU (the no-GPU test runs only without one). */
  gpuAvailable: boolean;
  /** Whether the host loaded the native addon (a host can load it and still have no GPU). */
  addonLoaded: boolean;
  /** The sweep to replay: library id, name, points, series, replay time at the recorded pace, whether synthetic. */
  sweep: { id: string; name: string; points: number; series: number; replayMs: number; synthetic: boolean };
  /** A synthetic `modes` result (grouped bars). */
  modes: { id: string; name: string };
  /** A valid result file outside the library, to import. */
  importable: { path: string; name: string };
  /** A malformed result file the host must refuse. */
  malformed: string;
  /** Files planted in the results folder before the server started: a truncated result, one over the size limit. */
  unreadable: { corrupt: string; oversize: string };
  /** A profile in the library, from the committed ncu exports (seed-views.ts): id, name, its kernels' names. */
  profile: { id: string; name: string; kernels: string[] };
  /**
   * SYNTHETIC fleets (seed-views.ts): a fleet file of `gpus` GPUs with one outlier GPU, and a small merged fleet
   * folder with one outlier whose GPUs open their results.
   */
  fleet: { file: string; gpus: number; outlier: string; folder: string; folderOutlier: string };
}

const ENV_KEY = 'SYNCBENCH_E2E_FIXTURE';

/** Passes the fixture to the test workers (global setup runs before they start). */
export function publishFixture(info: FixtureInfo): void {
  process.env[ENV_KEY] = JSON.stringify(info);
}

/** The fixture the global setup started. */
export function fixtureInfo(): FixtureInfo {
  const raw = process.env[ENV_KEY];
  if (!raw)
    throw new Error('No browser shell: the end-to-end tests run through playwright.config.ts (globalSetup).');
  return JSON.parse(raw) as FixtureInfo;
}
