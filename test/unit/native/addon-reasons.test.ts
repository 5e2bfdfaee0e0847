import { describe, expect, it } from 'vitest';

import {
  loadFailureReasonText,
  noAddonReason,
  noAddonReasonText,
} from '../../../electron/core/native/addon-reasons';
import { nvccFiles, nvccPresent } from '../../../electron/core/native/nvcc-present';

const places = ['/opt/app/syncbench.node', '/src/native/build/Release/syncbench.node'];
const SETUP = /`bash scripts\/setup\.sh` or `npm run build:native`/;

describe('the missing-addon message', () => {
  it('file missing, nvcc here: says the file is missing, where it was looked for, and the setup command; no nvcc', () => {
    for (const platform of ['linux', 'win32'] as const) {
      const message = noAddonReason(platform, { places, nvcc: true });
      expect(message).toMatch(/^The native addon file \(syncbench\.node\) is missing/);
      expect(message).toContain(`not at ${places.join(', ')}`);
      expect(message).toMatch(SETUP);
      expect(message).not.toMatch(/nvcc|CUDA compiler/);
    }
  });

  it('file missing and nvcc missing: names nvcc, where it was looked for, and what to install', () => {
    const message = noAddonReason('linux', { places, nvcc: false });
    expect(message).toMatch(/^The native addon file \(syncbench\.node\) is missing/);
    expect(message).toMatch(/the CUDA compiler \(nvcc\) is missing too \(not on PATH, in \$CUDA_PATH\/bin/);
    expect(message).toMatch(
      /Install the CUDA toolkit, then run `bash scripts\/setup\.sh` or `npm run build:native`/,
    );
  });

  it("load error: says the file failed to load, the setup command, and the loader's own error; no nvcc", () => {
    const error = '/opt/app/syncbench.node: invalid ELF header';
    const { message, text } = loadFailureReasonText('/opt/app/syncbench.node', error, 'linux');
    expect(message).toMatch(/^The native addon file \/opt\/app\/syncbench\.node failed to load/);
    expect(message).toMatch(SETUP);
    expect(message.endsWith(`The loader said: ${error}`)).toBe(true);
    expect(message).not.toMatch(/nvcc/);
    // The loader's words stay English in any language (marked { en }), the rest is coded.
    expect(text).toEqual({
      code: 'addon.loadFailed',
      params: { file: '/opt/app/syncbench.node', message: { en: error } },
    });
  });

  it('keeps the code and parameters, so the UI words it in its language', () => {
    const { text } = noAddonReasonText('win32', { places, nvcc: false });
    expect(text).toEqual({
      code: 'addon.missing',
      params: { places, fix: { code: 'addon.noNvcc', params: {} } },
    });
  });
});

describe('nvccPresent', () => {
  const env = { PATH: '/usr/bin:/opt/bin', CUDA_HOME: '/cuda' };
  it('looks where build:native looks: PATH, $CUDA_HOME/bin, /usr/local/cuda/bin', () => {
    expect(nvccFiles({ env, platform: 'linux' })).toEqual([
      '/usr/bin/nvcc',
      '/opt/bin/nvcc',
      '/cuda/bin/nvcc',
      '/usr/local/cuda/bin/nvcc',
    ]);
    expect(nvccFiles({ env: { Path: 'C:\\bin', CUDA_PATH: 'D:\\cuda' }, platform: 'win32' })).toEqual([
      'C:\\bin\\nvcc.exe',
      'D:\\cuda\\bin\\nvcc.exe',
    ]);
  });

  it('is true only when one of those files exists', () => {
    expect(nvccPresent({ env, platform: 'linux', exists: (f) => f === '/cuda/bin/nvcc' })).toBe(true);
    expect(nvccPresent({ env, platform: 'linux', exists: () => false })).toBe(false);
  });
});
