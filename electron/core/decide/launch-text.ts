/**
 * The launch a recommendation requires, in words: one text for the wizard's summary card, the Lab and the Markdown
 * export (`syncbench advise --format md`). No Node imports: the renderer imports it.
 */
import type { LaunchRequirement } from './types';

/** The plain cooperative launch call, named when the requirement gives no other `api`. */
const COOPERATIVE_API = 'cudaLaunchCooperativeKernel';

/**
 * "no special launch" for null or a requirement with no field set; otherwise its parts joined by "; ", e.g.
 * "cooperative (cudaLaunchCooperativeKernel); grid at most the co-resident limit = ...". A cooperative launch
 * names its `api` (cudaLaunchKernelEx with both attributes for clusters) instead of cudaLaunchCooperativeKernel.
 */
export function launchText(launch: LaunchRequirement | null): string {
  if (!launch) return 'no special launch';
  const parts: string[] = [];
  if (launch.cooperative) parts.push(`cooperative (${launch.api ?? COOPERATIVE_API})`);
  else if (launch.api) parts.push(`launch with ${launch.api}`);
  if (launch.gridLimit) parts.push(`grid at most the ${launch.gridLimit}`);
  if (launch.clusterDims) parts.push(`cluster dims: ${launch.clusterDims}`);
  if (launch.minComputeCapability) parts.push(`compute capability ${launch.minComputeCapability} or newer`);
  return parts.length > 0 ? parts.join('; ') : 'no special launch';
}
