import { describe, expect, it } from 'vitest';
import { MAX_RESULT_FILE_BYTES as HOST_LIMIT, parseResultFile } from '../../../../electron/core/results/io';
import { MAX_RESULT_FILE_BYTES, resultFileTooLarge } from '../../../../renderer/format/result-size';

describe('resultFileTooLarge', () => {
  it('has the host’s limit', () => {
    expect(MAX_RESULT_FILE_BYTES).toBe(HOST_LIMIT);
  });

  it('words the refusal as the host does', () => {
    let hostMessage = '';
    let hostText: unknown = null;
    try {
      parseResultFile(new Uint8Array(3000), 'big.json', { maxBytes: 2048 });
    } catch (error) {
      hostMessage = (error as Error).message;
      hostText = (error as { text?: unknown }).text;
    }
    expect(hostMessage).toMatch(/^big\.json: the file is /);
    // The same English and the same code and parameters as the host's refusal.
    expect(resultFileTooLarge('big.json', 3000, 2048)).toEqual({ message: hostMessage, text: hostText });
    expect(resultFileTooLarge('big.json', 70 * 1024 * 1024)?.message).toBe(
      'big.json: the file is 70.0 MiB (73400320 bytes); result files are limited to 64.0 MiB (67108864 bytes).',
    );
  });

  it('lets a file at the limit through', () => {
    expect(resultFileTooLarge('ok.json', MAX_RESULT_FILE_BYTES)).toBeNull();
    expect(resultFileTooLarge('ok.json', 0)).toBeNull();
  });
});
