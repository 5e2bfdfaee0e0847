/**
 * The launch a recommendation requires, in words: one text for the wizard's summary card, the Lab and the Markdown
 * export (`syncbench advise --format md`). No Node imports: the renderer imports it.
 */
import type { LaunchRequirement } from './types';

/** The plain cooperative launch call, named when the requirement gives no other `api`. */
const COOPERATIVE_API = 'cudaLaunchCooperativeKernel';

/**
 * The words of launchText, with `{api}`, `{limit}`, `{dims}` and `{cc}` for what the requirement names (API names,
 * limits and capabilities are never translated). A shell in another language passes its own (the renderer's
 * `launch.*` messages).
 */
export interface LaunchWords {
  none: string;
  cooperative: string;
  launchWith: string;
  gridAtMost: string;
  clusterDims: string;
  minCc: string;
  separator: string;
}

/** The English words: what the Markdown export and the CLI print. */
export const LAUNCH_WORDS: LaunchWords = {
  none: 'no special launch',
  cooperative: 'cooperative ({api})',
  launchWith: 'launch with {api}',
  gridAtMost: 'grid at most the {limit}',
  clusterDims: 'cluster dims: {dims}',
  minCc: 'compute capability {cc} or newer',
  separator: '; ',
};

const fill = (text: string, name: string, value: string) => text.replace(`{${name}}`, value);

/**
 * "no special launch" for null or a requirement with no field set; otherwise its parts joined by "; ", e.g.
 * "cooperative (cudaLaunchCooperativeKernel); grid at most the co-resident limit = ...". A cooperative launch
 * names its `api` (cudaLaunchKernelEx with both attributes for clusters) instead of cudaLaunchCooperativeKernel.
 */
export function launchText(launch: LaunchRequirement | null, words: LaunchWords = LAUNCH_WORDS): string {
  if (!launch) return words.none;
  const parts: string[] = [];
  if (launch.cooperative) parts.push(fill(words.cooperative, 'api', launch.api ?? COOPERATIVE_API));
  else if (launch.api) parts.push(fill(words.launchWith, 'api', launch.api));
  if (launch.gridLimit) parts.push(fill(words.gridAtMost, 'limit', launch.gridLimit));
  if (launch.clusterDims) parts.push(fill(words.clusterDims, 'dims', launch.clusterDims));
  if (launch.minComputeCapability) parts.push(fill(words.minCc, 'cc', String(launch.minComputeCapability)));
  return parts.length > 0 ? parts.join(words.separator) : words.none;
}
