/** Why `syncbench profile` could not make a profile; the message says what was wrong and what to do. */
export type ProfileProblem =
  | 'NCU_MISSING'
  | 'NCU_TOO_OLD'
  | 'NO_PERMISSION'
  | 'PROGRAM_MISSING'
  | 'PROGRAM_FAILED'
  | 'NO_KERNELS'
  | 'TIME_LIMIT'
  | 'NCU_FAILED';

export class ProfileError extends Error {
  override name = 'ProfileError';
  constructor(
    readonly problem: ProfileProblem,
    message: string,
  ) {
    super(message);
  }
}

/** Nsight Compute's page on the counter permission (the link ncu itself prints). */
export const NVGPUCTRPERM_URL = 'https://developer.nvidia.com/ERR_NVGPUCTRPERM';
