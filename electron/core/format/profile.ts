/**
 * A saved profile in an export format (docs/profile.md#saved-profiles): Markdown (model/profile/markdown.ts), CSV
 * (one row per kernel and priced sync kind, model/profile/csv-rows.ts, quoted by csv-stringify as every CSV of the
 * app) and JSON (the stored form: two-space indented, ending with a newline, as profile-store.ts writes it). The
 * CLI's `syncbench export` and the service's `exportProfile` both use it.
 */
import { stringify } from 'csv-stringify/sync';

import { PROFILE_EXPORT_FORMATS, type ProfileExportFormat } from '../../contract/profiles';
import { profileCsvHeader, profileCsvRows } from '../../model/profile/csv-rows';
import { profileToMarkdown } from '../../model/profile/markdown';
import type { ProfileFile } from '../../model/profile/schema';
import { CSV_OPTIONS } from './csv';

export { PROFILE_EXPORT_FORMATS, type ProfileExportFormat };

/** The media type of each format. */
export const PROFILE_EXPORT_MIME: Record<ProfileExportFormat, string> = {
  md: 'text/markdown;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
};

/** `profile` as text in `format`. */
export function formatProfile(profile: ProfileFile, format: ProfileExportFormat): string {
  switch (format) {
    case 'md':
      return profileToMarkdown(profile);
    case 'csv':
      return stringify([profileCsvHeader(), ...profileCsvRows(profile.kernels)], CSV_OPTIONS);
    case 'json':
      return `${JSON.stringify(profile, null, 2)}\n`;
  }
}

/** A file name for profile `id`'s export: `<id>.profile.<format>`. */
export function profileExportName(id: string, format: ProfileExportFormat): string {
  return `${id}.profile.${format}`;
}
