/**
 * The service's profile methods (docs/profile.md#saved-profiles): list the profiles of the results library, read
 * one (validated on every read), and export one as Markdown, CSV or JSON (core/format/profile.ts), the same
 * text `syncbench export` writes. Every argument is validated here; every method resolves to a Result.
 */
import type { ExportOutcome, Result } from '../../contract';
import type { ProfileExportRequest, ProfileSummary, UnreadableProfile } from '../../contract/profiles';
import type { ProfileFile } from '../../model/profile/schema';
import { formatProfile, PROFILE_EXPORT_MIME, profileExportName } from '../format/profile';
import { fail, ok } from './failure';
import type { ProfilesStore } from './ports';
import { parse, ProfileExportRequestSchema, ProfileIdSchema } from './validate';

function summaryOf(p: ProfileFile): ProfileSummary {
  return {
    id: p.id,
    name: p.name,
    createdAt: p.createdAt,
    deviceName: p.device.name,
    program: p.program.path,
    kernels: p.kernels.length,
  };
}

export class ProfileMethods {
  constructor(private readonly store: ProfilesStore) {}

  /** Every saved profile, newest first; those that cannot be read are listed apart with the reason. */
  async list(): Promise<Result<{ profiles: ProfileSummary[]; unreadable: UnreadableProfile[] }>> {
    const profiles: ProfileSummary[] = [];
    const unreadable: UnreadableProfile[] = [];
    for (const id of await this.store.ids()) {
      try {
        profiles.push(summaryOf(await this.store.get(id)));
      } catch (err) {
        unreadable.push({ id, reason: (err as Error).message });
      }
    }
    profiles.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
    return ok({ profiles, unreadable });
  }

  /** Profile `id` (INVALID for an id no profile can have, NOT_FOUND for one the library has not). */
  async get(id: unknown): Promise<Result<ProfileFile>> {
    const p = parse(ProfileIdSchema, id, 'id');
    if (!p.ok) return p;
    if (!(await this.store.ids()).includes(p.value)) {
      return fail('NOT_FOUND', `No profile ${JSON.stringify(p.value)} in the results library.`);
    }
    try {
      return ok(await this.store.get(p.value));
    } catch (err) {
      return fail('INVALID', `Profile ${p.value} could not be read: ${(err as Error).message}`);
    }
  }

  /** Profile `req.id` as `req.format`, for the renderer to download (`savedPath: null`). */
  async export(req: unknown): Promise<Result<ExportOutcome>> {
    const p = parse<ProfileExportRequest>(ProfileExportRequestSchema, req, 'profile export request');
    if (!p.ok) return p;
    const profile = await this.get(p.value.id);
    if (!profile.ok) return profile;
    const { format } = p.value;
    return ok({
      fileName: profileExportName(p.value.id, format),
      savedPath: null,
      mime: PROFILE_EXPORT_MIME[format],
      content: formatProfile(profile.value, format),
      base64: false,
    });
  }
}
