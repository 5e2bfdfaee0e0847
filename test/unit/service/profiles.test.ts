/**
 * The profile methods of the API over a real profile store: listed newest first with an unreadable one apart,
 * read back valid, exported as the CLI exports them, and every bad argument refused with the field named.
 */
import { writeFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { createDispatch } from '../../../electron/core/service/dispatch';
import { formatProfile } from '../../../electron/core/format/profile';
import { fixtureProfile } from '../profile/fixtures';
import { setup } from './setup';

const profile = fixtureProfile('block_reduce');
const older = { ...fixtureProfile('cluster_sync'), id: 'older', createdAt: '2026-11-01T00:00:00.000Z' };

async function withProfiles() {
  const t = setup();
  await t.profiles.save(profile);
  await t.profiles.save(older);
  writeFileSync(t.profiles.fileOf('broken'), '{"format":"syncbench-profile"');
  return t;
}

describe('profiles through the API', () => {
  it('lists the saved profiles newest first, the unreadable one apart with its reason', async () => {
    const t = await withProfiles();
    const reply = await t.service.listProfiles();
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    expect(reply.value.profiles.map((p) => p.id)).toEqual([profile.id, 'older']);
    expect(reply.value.profiles[0]).toEqual({
      id: profile.id,
      name: profile.name,
      createdAt: profile.createdAt,
      deviceName: profile.device.name,
      program: profile.program.path,
      kernels: profile.kernels.length,
    });
    expect(reply.value.unreadable).toEqual([{ id: 'broken', reason: expect.stringMatching(/JSON/) }]);
  });

  it('gets one profile as stored; NOT_FOUND for a missing id, INVALID for a path', async () => {
    const t = await withProfiles();
    expect(await t.service.getProfile(profile.id)).toEqual({ ok: true, value: profile });
    expect(await t.service.getProfile('nope')).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await t.service.getProfile('../../etc/passwd')).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { id: expect.stringMatching(/a saved profile's id/) },
    });
  });

  it('exports md, csv and json as the CLI does; refuses another format by name', async () => {
    const t = await withProfiles();
    for (const format of ['md', 'csv', 'json'] as const) {
      const reply = await t.service.exportProfile({ id: profile.id, format });
      expect(reply).toMatchObject({
        ok: true,
        value: { fileName: `${profile.id}.profile.${format}`, savedPath: null, base64: false },
      });
      expect(reply.ok && reply.value.content).toBe(formatProfile(profile, format));
    }
    expect(await t.service.exportProfile({ id: profile.id, format: 'pdf' as never })).toMatchObject({
      ok: false,
      code: 'INVALID',
      fieldErrors: { format: "must be one of 'md', 'csv', 'json'" },
    });
  });

  it('is reachable by name through the dispatcher, with its arity', async () => {
    const t = await withProfiles();
    const dispatch = createDispatch(t.service, { kind: 'browser', version: 'test' });
    expect(await dispatch('getProfile', [profile.id])).toMatchObject({ ok: true });
    expect(await dispatch('listProfiles', [1])).toMatchObject({ ok: false, code: 'INVALID' });
  });
});
