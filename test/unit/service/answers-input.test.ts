import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  MAX_ANSWERS_BYTES,
  answersBytes,
  answersSizeProblem,
  readAnswersFile,
} from '../../../electron/core/service/answers-input';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'syncbench-answers-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('answersBytes', () => {
  it.each<[string, unknown]>([
    [
      'an answers object',
      { where: 'same-block', current: ['syncthreads', 'nothing'], $comment: 'a "quote" é ✓' },
    ],
    ['an empty object', {}],
    ['nested values', { a: [1, null, true, [], {}], b: { c: -2.5e-7 }, d: undefined }],
    ['a string', 'tab\there'],
  ])('counts %s as JSON.stringify writes it, in UTF-8 bytes', (_name, value) => {
    expect(answersBytes(value)).toBe(Buffer.byteLength(JSON.stringify(value), 'utf8'));
  });

  it('stops counting soon after the limit, and survives deep nesting', () => {
    const many = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`q${i}`, 'yes']));
    const bytes = answersBytes(many, 1000);
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(answersBytes(many) / 10);
    let deep: unknown = 'x';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(answersBytes(deep)).toBe(200_000 * 2 + 3);
  });
});

describe('answersSizeProblem', () => {
  it('accepts answers up to the limit and names the limit above it', () => {
    expect(MAX_ANSWERS_BYTES).toBe(256 * 1024);
    const at = { c: 'x'.repeat(MAX_ANSWERS_BYTES - '{"c":""}'.length) };
    expect(answersBytes(at)).toBe(MAX_ANSWERS_BYTES);
    expect(answersSizeProblem(at)).toBeNull();
    expect(answersSizeProblem({ c: `${at.c}x` }, 'answers.json')).toBe(
      'answers.json are over 256.0 KiB (more than 262144 bytes); answers are a small JSON object of at most ' +
        '256 KiB (docs/decision-engine.md, "Answer format").',
    );
  });
});

describe('readAnswersFile', () => {
  it('reads a small answers file', async () => {
    const file = join(dir, 'a.json');
    await writeFile(file, '\uFEFF{ "where": "same-block" }');
    expect(await readAnswersFile(file)).toEqual({ where: 'same-block' });
  });

  it('refuses a 100 MB answers file by its size, without reading it', async () => {
    const file = join(dir, 'huge.json');
    await writeFile(file, '');
    await truncate(file, 100 * 1024 * 1024);
    await expect(readAnswersFile(file)).rejects.toMatchObject({
      name: 'DecideError',
      kind: 'answers',
      message: expect.stringContaining(
        `the answers in ${file} are 100.0 MiB (104857600 bytes); answers are a small JSON object of at most 256 KiB`,
      ),
    });
  });

  /** The DecideError reading `bytes` as an answers file gives. */
  async function refusal(name: string, bytes: Uint8Array | string): Promise<Error> {
    const file = join(dir, name);
    await writeFile(file, bytes);
    const error = (await readAnswersFile(file).then(
      () => null,
      (e: unknown) => e,
    )) as Error;
    expect(error).toMatchObject({ name: 'DecideError', kind: 'answers' });
    return error;
  }

  it('refuses text that is not JSON with a short printable message', async () => {
    const error = await refusal('bad.json', '{\u0001 "where": "same-block" }');
    const file = join(dir, 'bad.json').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    expect(error.message).toMatch(new RegExp(`^invalid answers file:\\n  - ${file}: not JSON: `));
    expect(error.message).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('names the first byte that is not UTF-8, its offset and line', async () => {
    const error = await refusal('binary.json', Buffer.from([0x7b, 0x0a, 0x00, 0xff, 0xfe, 0x01]));
    expect(error.message).toContain(
      `binary.json: not UTF-8 text: invalid byte 0xFF at byte offset 3 (line 2); an answers file is a JSON object in UTF-8 text`,
    );
  });

  it('says an empty file is empty, not that JSON ended early', async () => {
    const error = await refusal('empty.json', ' \n');
    expect(error.message).toContain(
      'empty.json: the file is empty; an answers file is a JSON object in UTF-8 text',
    );
    expect(error.message).not.toMatch(/Unexpected end/);
  });

  it("says a missing file in words, keeping the file system's code", async () => {
    await expect(readAnswersFile(join(dir, 'missing.json'))).rejects.toMatchObject({
      problem: 'NOT_FOUND',
      code: 'ENOENT',
      message: expect.stringContaining('there is no such file'),
    });
  });
});
