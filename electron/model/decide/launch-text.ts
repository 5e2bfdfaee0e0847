/**
 * The launch a recommendation requires, in words: one text for the wizard's summary card, the Lab and the Markdown
 * export (`syncbench advise --format md`). No Node imports: the renderer imports it.
 */
import { DECIDE_EN } from '../words/en/decide';
import type { LaunchWords } from '../words/decide';
import type { LaunchRequirement } from './types';

export type { LaunchWords };

/** The English words (words/en/decide.ts): what the Markdown export and the CLI print. */
export const LAUNCH_WORDS: LaunchWords = DECIDE_EN.launch;

/** The plain cooperative launch call, named when the requirement gives no other `api`. */
const COOPERATIVE_API = 'cudaLaunchCooperativeKernel';

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
