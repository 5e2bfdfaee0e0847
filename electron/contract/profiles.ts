/** The contract's types for saved profiles (docs/profile.md#saved-profiles): the Profile view's list and export. */

/** A profile saved in the results library (docs/profile.md#saved-profiles), as the Profile view lists it. */
export interface ProfileSummary {
  id: string;
  name: string;
  createdAt: string;
  /** The GPU ncu profiled on (its device name), null when ncu did not say. */
  deviceName: string | null;
  /** The profiled program's path as it was given. */
  program: string;
  kernels: number;
}

/** A profile saved in the library that could not be read: its id and why. */
export interface UnreadableProfile {
  id: string;
  reason: string;
}

/** The formats a profile is exported in (docs/profile.md#exporting-a-profile). */
export const PROFILE_EXPORT_FORMATS = ['md', 'csv', 'json'] as const;
export type ProfileExportFormat = (typeof PROFILE_EXPORT_FORMATS)[number];

export interface ProfileExportRequest {
  id: string;
  format: ProfileExportFormat;
}
