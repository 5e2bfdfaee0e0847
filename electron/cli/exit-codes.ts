/** Exit codes of `syncbench` (documented in `syncbench --help` and README). */
export const EXIT = {
  ok: 0,
  internal: 1,
  /** Bad usage or parameters: the message says what was wrong and what is allowed. */
  invalid: 2,
  /** No usable GPU or the native addon is not built: the message says why. */
  noGpu: 3,
  /**
   * A CUDA error or another failure during the run (finished points are kept); `export`: a figure has characters
   * no font can draw (they are named, nothing is written).
   */
  runFailed: 4,
  /** A verifying workload's outputs did not match, or a self-test check failed. */
  verifyFailed: 5,
  /** `fleet merge --fail-on-outliers` found an outlier or a failed task (docs/fleet.md). */
  outliers: 6,
  /** The disk is full (or the quota used up) while writing a file: nothing was written or replaced. */
  diskFull: 7,
  /** Cancelled with Ctrl-C (finished points are kept). */
  cancelled: 130,
} as const;

export const EXIT_HELP = `Exit codes:
  0    success
  1    internal error
  2    invalid usage or parameters (the message says what is allowed)
  3    no usable GPU, or the native addon is not built (the message says why)
  4    the run failed (CUDA error); finished points are kept in the output; or export cannot draw some
       characters of a figure (named; nothing is written)
  5    verification failed (outputs did not match) or a self-test check failed
  6    fleet merge --fail-on-outliers: an outlier or a failed task was found
  7    the disk is full (or the quota is used up): the file was not written, an earlier one is unchanged
  130  cancelled with Ctrl-C; finished points are kept in the output`;
