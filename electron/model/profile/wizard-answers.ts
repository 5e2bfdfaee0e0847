/**
 * The answers of the "Which barrier?" wizard a profile already knows for a kernel (docs/decision-engine.md,
 * "Questions and answers"): where the producer and consumers run (the widest scope the kernel synchronizes at),
 * how it synchronizes today, whether it is launched with clusters, and its launch kind when known. The rest
 * (storage, what must survive, …) only the author knows; the wizard asks it.
 */
import type { KernelProfile } from './schema';

type Counts = NonNullable<KernelProfile['syncCounts']>;

/** Answers for one kernel; `gridSync`: the kernel calls grid.sync() (source page), null: not known. */
export function wizardAnswersOf(
  counts: Counts | null,
  gridSync: boolean | null,
  clusterBlocks: number,
): Record<string, string | string[]> {
  const current: string[] = [];
  if (gridSync) current.push('grid-sync-coop');
  if (counts?.clusterBarrier.syncs) current.push('cluster-sync');
  if (counts?.mbarrier.syncs) current.push('cuda-barrier');
  if (counts?.blockBarrier.syncs && !gridSync) current.push('syncthreads');
  if (counts?.warpSync.syncs) current.push('syncwarp');
  const deviceFences = (counts?.fenceByScope.device ?? 0) + (counts?.fenceByScope.system ?? 0);
  const where = gridSync
    ? 'other-blocks'
    : counts?.clusterBarrier.syncs
      ? 'same-cluster'
      : deviceFences > 0
        ? 'other-blocks'
        : counts?.blockBarrier.syncs || counts?.mbarrier.syncs
          ? 'same-block'
          : counts?.warpSync.syncs
            ? 'same-warp'
            : null;
  const answers: Record<string, string | string[]> = {
    $comment: 'prefilled by syncbench profile from what Nsight Compute showed; the wizard asks the rest',
  };
  if (where) answers.where = where;
  if (current.length) answers.current = current;
  if (where === 'other-blocks') answers['cluster-launch'] = clusterBlocks > 1 ? 'yes' : 'no';
  return answers;
}
