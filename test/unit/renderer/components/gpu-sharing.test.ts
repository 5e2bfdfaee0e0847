// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import type { GpuSharing } from '../../../../electron/model/results/schema';
import GpuSharingNotice from '../../../../renderer/components/GpuSharingNotice.vue';
import PointsTable from '../../../../renderer/components/PointsTable.vue';
import { sharingNotice } from '../../../../renderer/run/gpu-sharing';
import { sweepPoints } from '../points';

beforeEach(() => setActivePinia(createPinia()));

const PYTHON = { pid: 777, name: 'python3', usedMemoryBytes: 2 * 2 ** 30 };
const sharing = (over: Partial<GpuSharing> = {}): GpuSharing => ({
  access: 'shared',
  known: true,
  unknownReason: null,
  processes: [],
  waitedMs: 0,
  ...over,
});
/** Four points, the second and third flagged as shared. */
function flaggedPoints() {
  return sweepPoints(4).map((p, i) => ({ ...p, gpuShared: i === 1 || i === 2 }));
}

describe('sharingNotice', () => {
  it('names the processes of a finished result with shared points and counts them', () => {
    expect(sharingNotice(flaggedPoints(), sharing({ processes: [PYTHON] }))).toEqual({
      kind: 'shared',
      processes: [PYTHON],
      flagged: 2,
      total: 4,
    });
  });

  it('says nothing for a GPU NVML saw unshared, or a published file without a record', () => {
    const clean = sweepPoints(3).map((p) => ({ ...p, gpuShared: false }));
    expect(sharingNotice(clean, sharing())).toBeNull();
    expect(sharingNotice(sweepPoints(3), null)).toBeNull();
  });

  it('reads unknown, not unshared, when NVML could not list the processes', () => {
    const why = 'NVML could not list the compute processes (libnvidia-ml absent)';
    expect(sharingNotice(sweepPoints(2), sharing({ known: false, unknownReason: why }))).toEqual({
      kind: 'unknown',
      why,
    });
  });

  it('while a run streams: counts flagged points, or unknown when no point knows', () => {
    expect(sharingNotice(flaggedPoints(), undefined)).toEqual({ kind: 'sharedLive', flagged: 2, total: 4 });
    expect(sharingNotice(sweepPoints(2), undefined)).toEqual({ kind: 'unknown', why: null });
    expect(sharingNotice([], undefined)).toBeNull();
    expect(sharingNotice([{ gpuShared: false }], undefined)).toBeNull();
  });
});

describe('GpuSharingNotice', () => {
  it('shows whom the GPU was shared with', () => {
    const wrapper = mount(GpuSharingNotice, {
      props: {
        points: flaggedPoints(),
        sharing: sharing({ processes: [PYTHON, { pid: 9, name: '', usedMemoryBytes: null }] }),
      },
    });
    expect(wrapper.get('[data-testid="gpu-sharing"]').text()).toBe(
      'Measured while the GPU was shared with: 777 python3 (2.0 GiB), 9 (unnamed). 2 of 4 points are flagged.',
    );
  });

  it('says why sharing is unknown, and nothing when the GPU was not shared', () => {
    const unknown = mount(GpuSharingNotice, {
      props: { points: sweepPoints(1), sharing: sharing({ known: false, unknownReason: 'NVML absent' }) },
    });
    expect(unknown.get('[data-testid="gpu-sharing"]').text()).toBe('GPU sharing unknown: NVML absent');
    const clean = mount(GpuSharingNotice, {
      props: { points: [{ ...sweepPoints(1)[0]!, gpuShared: false }], sharing: sharing() },
    });
    expect(clean.find('[data-testid="gpu-sharing"]').exists()).toBe(false);
  });
});

describe('PointsTable shared-GPU marker', () => {
  it('flags exactly the points measured beside another process', () => {
    const wrapper = mount(PointsTable, { props: { points: flaggedPoints(), xLabel: null } });
    const flags = wrapper.findAll('[data-testid="flags"]');
    expect(flags.map((td) => td.text())).toEqual(['', 'shared GPU', 'shared GPU', '']);
    expect(flags[1]!.attributes('title')).toContain('Another compute process was on the GPU');
    expect(flags[0]!.attributes('title')).toBeUndefined();
  });
});
