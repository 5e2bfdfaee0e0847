// @vitest-environment happy-dom
/**
 * The Profile view over the fake API with a profile built from the committed H200 ncu exports: the list, every
 * kernel with its stalls, counts and priced lower bound (the cost's source labelled), the caveat, an unreadable
 * profile with its reason, the host's refusal shown, and the wizard prefilled from the kernel's answers.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createTestingPinia } from '@pinia/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';

import { loadDecisionTable } from '../../../../electron/core/decide/load-table';
import type { ProfileSummary } from '../../../../electron/contract/profiles';
import ProfileView from '../../../../renderer/views/ProfileView.vue';
import { setApi } from '../../../../renderer/api/current';
import { routes } from '../../../../renderer/router';
import { fixtureProfile } from '../../profile/fixtures';
import { createFakeApi, type FakeApi } from '../fake-api';

const RAW_TABLE: unknown = loadDecisionTable('resources/decision/decision-table.json');
const profile = fixtureProfile('block_reduce', [
  {
    workload: 'syncthreads',
    param: 0,
    perSyncNs: 20,
    label: 'block: 8 warps',
    sourceLabel: 'reference dataset, not this GPU (H200 modes)',
    sourceKind: 'reference',
    threadsPerBlock: null,
    gridBlocks: null,
  },
]);
const summary: ProfileSummary = {
  id: profile.id,
  name: profile.name,
  createdAt: profile.createdAt,
  deviceName: profile.device.name,
  program: profile.program.path,
  kernels: profile.kernels.length,
};
let api: FakeApi;

async function mountProfiles() {
  const router = createRouter({ history: createMemoryHistory(), routes });
  await router.push('/profile');
  const wrapper = mount(ProfileView, {
    global: { plugins: [createTestingPinia({ createSpy: vi.fn, stubActions: false }), router] },
    attachTo: document.body,
  });
  await flushPromises();
  return { wrapper, router };
}

beforeEach(() => {
  api = createFakeApi({
    listProfiles: vi.fn(() =>
      Promise.resolve({
        ok: true as const,
        value: { profiles: [summary], unreadable: [{ id: 'broken', reason: 'kernels.0.name: Required' }] },
      }),
    ),
    getProfile: vi.fn(() => Promise.resolve({ ok: true as const, value: profile })),
    decisionTable: vi.fn(() => Promise.resolve({ ok: true as const, value: RAW_TABLE })),
  });
  setApi(api);
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('Profile view', () => {
  it('opens the newest profile: each kernel, its stalls, counts, priced lower bound and the caveat', async () => {
    const { wrapper } = await mountProfiles();
    expect(api.getProfile).toHaveBeenCalledWith(profile.id);
    const kernels = wrapper.findAll('.profile-kernel');
    expect(kernels.map((k) => k.attributes('data-kernel'))).toEqual(['reduce_syncthreads', 'reduce_shuffle']);
    const first = kernels[0]!;
    expect(first.get('[data-testid="stall-barrier"]').text()).toContain('32.7 %');
    const blockSyncs = profile.kernels[0]!.syncCounts!.blockBarrier.syncs;
    expect(first.get('[data-testid="count-blockBarrier"]').text()).toContain(blockSyncs.toLocaleString('en'));
    const price = first.get('[data-testid="price-blockBarrier"]');
    expect(price.get('.source-kind').text()).toBe('reference dataset');
    expect(price.text()).toContain('20 ns');
    expect(wrapper.get('[data-testid="stall-caveat"]').text()).toContain(
      'stalls include the load imbalance before the barrier',
    );
    expect(wrapper.text()).toContain('Could not be read: broken: kernels.0.name: Required');
  });

  it('shows the host’s refusal of a profile in words', async () => {
    api.getProfile.mockResolvedValue({ ok: false, code: 'NOT_FOUND', message: 'No profile "x".' });
    const { wrapper } = await mountProfiles();
    expect(wrapper.get('[role="alert"]').text()).toBe('The profile could not be read: No profile "x".');
  });

  it('opens the wizard with the kernel’s answers, at the first question it could not answer', async () => {
    const { wrapper, router } = await mountProfiles();
    await wrapper.get('[data-kernel="reduce_syncthreads"] [data-testid="open-wizard"]').trigger('click');
    // the wizard's view is its own chunk: the navigation waits for it
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('wizard'), { timeout: 5000 });
    // The place travels in the wizard's address (stores/wizard/address.ts), as a shared link's does.
    const known = profile.kernels[0]!.wizardAnswers;
    const query = router.currentRoute.value.query;
    expect(query.where).toBe(known.where);
    expect(query.current).toBe([known.current].flat().join(','));
    expect(query.$comment).toBeUndefined();
    // on screen: the first question the profile could not answer
    expect(query.at).toBeTypeOf('string');
    expect(Object.keys(known)).not.toContain(query.at);
  });
});
