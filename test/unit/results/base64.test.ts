import { describe, expect, it } from 'vitest';

import { decodeBase64 } from '../../../electron/core/results/base64';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();

describe('decodeBase64', () => {
  it('decodes valid base64 of every padding length', () => {
    for (const plain of ['', 'a', 'ab', 'abc', 'abcd', '{"format":"syncbench-result"}']) {
      expect(text(decodeBase64(Buffer.from(plain).toString('base64'), 'f.json'))).toBe(plain);
    }
  });

  it('ignores white space (a wrapped encoding)', () => {
    const wrapped = Buffer.from('hello, world')
      .toString('base64')
      .replace(/(.{4})/g, '$1\n ');
    expect(text(decodeBase64(wrapped, 'f.json'))).toBe('hello, world');
  });

  it.each(['not base64!', 'ab=c', '====', 'a===', 'abc', 'ab!c', 'YWJj\u00e9YWJj'])(
    'refuses %j with the file named',
    (bad) => {
      expect(() => decodeBase64(bad, 'f.json')).toThrow('f.json: the content is not valid base64.');
    },
  );
});
