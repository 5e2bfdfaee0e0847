import { describe, expect, it } from 'vitest';

import {
  loadFailureReasonText,
  noAddonReasonText,
  staleAddonReasonText,
} from '../../../electron/core/native/addon-reasons';
import type { HostText } from '../../../electron/contract';
import { noGpuReasonText } from '../../../electron/model/native/gpu-reasons';
import { renderPieces, renderText } from '../../../electron/model/words/host-text';
import { HOST_TEXT_EN } from '../../../electron/model/words/en/host';
import { HOST_TEXT_ZH_CN } from '../../../electron/model/words/zh-CN/host';

const CUDA_SAYS = 'CUDA driver version is insufficient for CUDA runtime version';
const says = (s: string) => `(the CUDA runtime says: "${s}")`;

/** native/src/device_query.cc NoGpuReason's sentences, as the addon builds them. */
const NATIVE: Array<{ code: string; message: string; params: Record<string, string> }> = [
  {
    code: 'gpu.noDriver',
    message: `No NVIDIA driver is installed on this machine ${says(CUDA_SAYS)}. Install the NVIDIA driver (r580 or newer for CUDA 13) to measure; reference data, replays, the decision wizard and exports work without one.`,
    params: {},
  },
  {
    code: 'gpu.oldDriver',
    message: `The NVIDIA driver supports CUDA 12.4 but this build needs CUDA 13.0 ${says(CUDA_SAYS)}. Update the NVIDIA driver.`,
    params: { driver: '12.4', needs: '13.0' },
  },
  {
    code: 'gpu.noDevice',
    message: `The NVIDIA driver is loaded but sees no CUDA-capable GPU ${says('no CUDA-capable device is detected')}. Check CUDA_VISIBLE_DEVICES and that the GPU is not assigned elsewhere.`,
    params: {},
  },
  {
    code: 'gpu.busy',
    message: `Every GPU is busy or in a compute mode that refuses new contexts ${says('all CUDA-capable devices are busy or unavailable')}.`,
    params: {},
  },
  {
    code: 'gpu.noRuntime',
    message: `The CUDA runtime could not start ${says('initialization error')}.`,
    params: {},
  },
];

/** The words of `text` in a language that are not English kept as it is (the `{ en }` parameters). */
function ownWords(text: HostText, templates: typeof HOST_TEXT_ZH_CN): string {
  const pieces = renderPieces(text, templates);
  expect(pieces).not.toBeNull();
  return pieces!
    .filter((p) => !p.en)
    .map((p) => p.text)
    .join('');
}

/** English prose (two words of letters in a row) outside `code` spans, paths and variable names. */
const ENGLISH_PROSE = /\b[A-Za-z]{2,} [a-z]{2,}\b/;
const stripCode = (s: string) => s.replace(/`[^`]*`/g, '').replace(/\S*[/$_.]\S*/g, '');

describe('the no-GPU reasons (native/src/device_query.cc) as codes', () => {
  for (const { code, message, params } of NATIVE) {
    it(`${code}: read back with its parameters; English as the addon says it; Chinese but for the runtime's words`, () => {
      const text = noGpuReasonText(message);
      const runtime = /says: "(.*)"\)/.exec(message)![1]!;
      expect(text).toEqual({ code, params: { ...params, runtime: { en: runtime } } });
      expect(renderText(text!, HOST_TEXT_EN)).toBe(message);
      const zh = renderPieces(text!, HOST_TEXT_ZH_CN)!;
      expect(zh.filter((p) => p.en).map((p) => p.text)).toEqual([runtime]);
      const own = ownWords(text!, HOST_TEXT_ZH_CN);
      expect(stripCode(own)).not.toMatch(ENGLISH_PROSE);
      expect(own).toMatch(/[\u4e00-\u9fff]{4}/);
      for (const v of Object.values(params)) expect(own).toContain(v);
    });
  }

  it('another sentence is not coded (the UI shows it as it is)', () => {
    expect(noGpuReasonText('fake: no GPU here')).toBeNull();
    // A known start with different words after it is not coded either: nothing of them is lost.
    expect(noGpuReasonText(`The CUDA runtime could not start ${says('x')}. And more.`)).toBeNull();
  });
});

describe('the no-addon reasons in both languages', () => {
  const places = ['/opt/app/syncbench.node'];
  const loaderSays = '/opt/app/syncbench.node: invalid ELF header';
  const cases: Array<{ name: string; text: HostText; en: string[] }> = [
    {
      name: 'addon.missing (nvcc here)',
      text: noAddonReasonText('win32', { places, nvcc: true }).text,
      en: [],
    },
    {
      name: 'addon.missing + noNvcc + glibc',
      text: noAddonReasonText('linux', { places, nvcc: false }).text,
      en: [],
    },
    { name: 'addon.macos', text: noAddonReasonText('darwin', { places, nvcc: true }).text, en: [] },
    {
      name: 'addon.loadFailed',
      text: loadFailureReasonText('/opt/app/syncbench.node', loaderSays, 'linux').text,
      en: [loaderSays],
    },
    {
      name: 'addon.oldGlibc',
      text: loadFailureReasonText('/a.node', "version `GLIBC_2.34' not found", 'linux').text,
      en: ["version `GLIBC_2.34' not found"],
    },
    {
      name: 'addon.withNote (macOS load failure)',
      text: loadFailureReasonText('/a.node', 'dlopen failed', 'darwin').text,
      en: ['dlopen failed'],
    },
    {
      name: 'addon.stale',
      text: staleAddonReasonText('/a.node', 'abcdef0123456789', 'fedcba9876543210')!.text,
      en: [],
    },
    {
      name: 'addon.stale (unknown)',
      text: staleAddonReasonText('/a.node', undefined, 'fedcba9876543210')!.text,
      en: [],
    },
  ];
  for (const { name, text, en } of cases) {
    it(`${name}: English has a template; Chinese words it, keeping only the loader's words English`, () => {
      expect(renderText(text, HOST_TEXT_EN)).toMatch(/[a-z]{3}/);
      const zh = renderPieces(text, HOST_TEXT_ZH_CN)!;
      expect(zh.filter((p) => p.en).map((p) => p.text)).toEqual(en);
      const own = ownWords(text, HOST_TEXT_ZH_CN);
      expect(stripCode(own)).not.toMatch(ENGLISH_PROSE);
      expect(own).toMatch(/[\u4e00-\u9fff]{4}/);
    });
  }
});
