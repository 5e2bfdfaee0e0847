/**
 * Why no GPU can be used, as a code and its parameters (the contract's HostText), so the UI words it in its own
 * language. The addon says it as one English sentence (native/src/device_query.cc `NoGpuReason`): which case it
 * is, the driver's and the build's CUDA versions, and the CUDA runtime's own error string. This reads those back;
 * only the runtime's error string stays English (a `{ en }` parameter). Pure and browser-safe.
 */
import type { HostText } from '../../contract';
import { renderText, word } from '../words/host-text';
import { HOST_TEXT_EN } from '../words/en/host';

const RUNTIME = String.raw`\(the CUDA runtime says: "(?<runtime>.*)"\)`;

/** Each case of NoGpuReason: its code (electron/model/words/en/host.ts `gpu.*`) and the sentence it matches. */
const CASES: Array<{ code: string; pattern: RegExp }> = [
  {
    code: 'gpu.noDriver',
    pattern: new RegExp(`^No NVIDIA driver is installed on this machine ${RUNTIME}\\. `),
  },
  {
    code: 'gpu.oldDriver',
    pattern: new RegExp(
      `^The NVIDIA driver supports CUDA (?<driver>\\S+) but this build needs CUDA (?<needs>\\S+) ${RUNTIME}\\. Update`,
    ),
  },
  {
    code: 'gpu.noDevice',
    pattern: new RegExp(`^The NVIDIA driver is loaded but sees no CUDA-capable GPU ${RUNTIME}\\. `),
  },
  {
    code: 'gpu.busy',
    pattern: new RegExp(`^Every GPU is busy or in a compute mode that refuses new contexts ${RUNTIME}\\.$`),
  },
  { code: 'gpu.noRuntime', pattern: new RegExp(`^The CUDA runtime could not start ${RUNTIME}\\.$`) },
];

/**
 * The addon's no-GPU sentence as a code with parameters (`runtime`: the CUDA runtime's error string, kept English;
 * `driver`/`needs`: CUDA versions such as "12.4"), or null when it is not one of NoGpuReason's sentences (another
 * backend's words: the UI then shows them as they are). The code's English template gives back `message` exactly.
 */
export function noGpuReasonText(message: string): HostText | null {
  for (const { code, pattern } of CASES) {
    const groups = pattern.exec(message)?.groups;
    if (!groups) continue;
    const { runtime = '', ...versions } = groups;
    const text = word(code, { ...versions, runtime: { en: runtime } });
    // Only a sentence the template gives back exactly is coded: nothing of the addon's words is lost.
    return renderText(text, HOST_TEXT_EN) === message ? text : null;
  }
  return null;
}
