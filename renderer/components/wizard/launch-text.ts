import type { LaunchRequirement } from '../../../electron/core/decide/types';

/** The launch a recommendation requires, for a person ("no special launch" when there is no requirement). */
export function launchText(launch: LaunchRequirement | null): string {
  if (!launch) return 'no special launch';
  const parts: string[] = [];
  if (launch.cooperative) parts.push('cooperative (cudaLaunchCooperativeKernel)');
  if (launch.gridLimit) parts.push(`grid at most the ${launch.gridLimit}`);
  if (launch.clusterDims) parts.push(`cluster dims: ${launch.clusterDims}`);
  if (launch.minComputeCapability) parts.push(`compute capability ${launch.minComputeCapability} or newer`);
  return parts.length > 0 ? parts.join('; ') : 'no special launch';
}
