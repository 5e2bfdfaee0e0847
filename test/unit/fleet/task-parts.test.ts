/** The task's parts that need no GPU: nvidia-smi's answer parsed, the engine's ids, the reason of a failed run. */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { parseSnapshot, readGpuSnapshot, SNAPSHOT_FIELDS } from '../../../electron/core/fleet/gpu-snapshot';
import { jobIdentity, taskFolderName } from '../../../electron/core/fleet/job-identity';
import { chapterSuite, resolveSuite, runFlags } from '../../../electron/core/fleet/suite';
import { reasonOf } from '../../../electron/core/fleet/task';
import { CHAPTER_MODES } from '../../../electron/model/modes/chapter';

// The shape of `nvidia-smi --query-gpu=...,--format=csv,noheader,nounits` (field order: SNAPSHOT_FIELDS). Values
// made up for the test.
const LINE =
  'GPU-0a1b2c3d-0000-1111-2222-333344445555, 00000000:18:00.0, NVIDIA H200, 580.00.00, 96.00.00.00.01, Enabled, 1980, 3201, 123.45, 41';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-task-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('GPU snapshot', () => {
  it('reads every field of one nvidia-smi line, [N/A] and [Not Supported] as null', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(parseSnapshot(LINE, at)).toEqual({
      readAt: '2026-01-01T00:00:00.000Z',
      uuid: 'GPU-0a1b2c3d-0000-1111-2222-333344445555',
      pciBusId: '00000000:18:00.0',
      name: 'NVIDIA H200',
      driverVersion: '580.00.00',
      vbiosVersion: '96.00.00.00.01',
      eccMode: 'Enabled',
      smClockMHz: 1980,
      memoryClockMHz: 3201,
      powerDrawW: 123.45,
      temperatureC: 41,
    });
    const na = parseSnapshot('GPU-x, 0:1:0.0, G, 1, [N/A], [N/A], [Not Supported], N/A, [N/A], 30', at);
    expect(na).toMatchObject({
      vbiosVersion: null,
      eccMode: null,
      smClockMHz: null,
      memoryClockMHz: null,
      powerDrawW: null,
    });
    expect(() => parseSnapshot('a, b', at)).toThrow(/gave 2 values, expected 10/);
  });

  it('asks nvidia-smi for the fields in order and for the GPU the task sees; says why when it cannot', async () => {
    const fake = join(dir, 'nvidia-smi');
    await writeFile(fake, `#!/bin/sh\necho "$@" > "${dir}/args"\necho "${LINE}"\n`);
    await chmod(fake, 0o755);
    const read = await readGpuSnapshot(0, fake);
    expect(read.problem).toBeNull();
    expect(read.snapshot?.uuid).toMatch(/^GPU-0a1b/);
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(join(dir, 'args'), 'utf8')).trim()).toBe(
      `--query-gpu=${SNAPSHOT_FIELDS.join(',')} --format=csv,noheader,nounits --id=${process.env.CUDA_VISIBLE_DEVICES?.split(',')[0] ?? '0'}`,
    );
    const missing = await readGpuSnapshot(0, join(dir, 'absent'));
    expect(missing).toEqual({
      snapshot: null,
      problem: `${join(dir, 'absent')} not found (no NVIDIA driver)`,
    });
  });
});

describe('job identity', () => {
  it('Slurm: job id, SLURM_PROCID as the task index, the local index; an array names its whole array', () => {
    expect(jobIdentity({ SLURM_JOB_ID: '77', SLURM_PROCID: '11', SLURM_LOCALID: '3' })).toEqual({
      engine: 'slurm',
      jobId: '77',
      taskIndex: 11,
      arrayTaskId: null,
      localIndex: 3,
    });
    expect(
      jobIdentity({
        SLURM_JOB_ID: '80',
        SLURM_ARRAY_JOB_ID: '78',
        SLURM_ARRAY_TASK_ID: '2',
        SLURM_PROCID: '0',
      }),
    ).toMatchObject({ jobId: '78', arrayTaskId: 2, taskIndex: 0 });
  });

  it('Kubernetes: JOB_COMPLETION_INDEX and the job name the recipe passes', () => {
    expect(jobIdentity({ JOB_COMPLETION_INDEX: '5', SYNCBENCH_JOB_NAME: 'fleet' })).toEqual({
      engine: 'kubernetes',
      jobId: 'fleet',
      taskIndex: 5,
      arrayTaskId: null,
      localIndex: null,
    });
    expect(jobIdentity({}).engine).toBe('none');
  });

  it('gives each task its own folder', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const slurm = jobIdentity({ SLURM_JOB_ID: '77', SLURM_PROCID: '11' });
    expect(taskFolderName('gpu-node-3', slurm, at)).toBe('gpu-node-3-77-11');
    const array = jobIdentity({
      SLURM_JOB_ID: '80',
      SLURM_ARRAY_JOB_ID: '78',
      SLURM_ARRAY_TASK_ID: '2',
      SLURM_PROCID: '0',
    });
    expect(taskFolderName('n/1', array, at)).toBe('n_1-78_2-0');
  });
});

describe('suites and reasons', () => {
  it("chapter is the chapter's modes; a suite file is checked against the modes", async () => {
    const entries = chapterSuite().entries;
    expect(entries.map((e) => e.mode)).toEqual(CHAPTER_MODES.map((m) => m.info.id));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => Object.keys(e.params).length === 0)).toBe(true);
    expect(CHAPTER_MODES.every((m) => m.info.group === 'chapter')).toBe(true);
    const file = join(dir, 'suite.json');
    await writeFile(
      file,
      JSON.stringify({ name: 'small', entries: [{ mode: 'warp', params: { nwarps: 4 } }] }),
    );
    const suite = await resolveSuite(file);
    expect(runFlags(suite.entries[0]!)).toEqual(['--mode', 'warp', '--nwarps', '4']);
    await writeFile(file, JSON.stringify({ name: 'bad', entries: [{ mode: 'warpp' }] }));
    await expect(resolveSuite(file)).rejects.toThrow(/unknown mode "warpp"; modes: warp, block/);
    await expect(resolveSuite(join(dir, 'none.json'))).rejects.toThrow(
      /not "chapter" and not a readable JSON file/,
    );
  });

  it("a failed run's reason is the CLI's last message, on one line", () => {
    expect(reasonOf('progress\nsyncbench run: no usable GPU:\n  driver missing\n', 3)).toBe('no usable GPU:');
    expect(reasonOf('syncbench: internal error: boom\n', 1)).toBe('internal error: boom');
    expect(reasonOf('', 4)).toBe('exit code 4, nothing on stderr');
  });
});
