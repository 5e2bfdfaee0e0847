/**
 * The English method text is what it was before the text was given a language: every mode's section
 * and the shared ones (with and without compute-sanitizer), as methodSections and methodsMarkdown write them. The snapshot was written from the code
 * before the words moved to electron/model/words/en/methods.ts; a change to the English text updates it on purpose
 * (`npx vitest run test/unit/methods/english-output.test.ts -u`) and shows in review as a diff of the text.
 */
import { describe, expect, it } from 'vitest';
import { methodModeIds, methodSections, methodsMarkdown } from '../../../electron/model/methods';

describe('the English method text', () => {
  it('is unchanged for every mode together, and for one mode without compute-sanitizer', async () => {
    const ids = methodModeIds();
    await expect(`${methodsMarkdown(ids, 3)}\n====\n${methodsMarkdown(['warp'])}`).toMatchFileSnapshot(
      '__snapshots__/methods-en.txt',
    );
    expect(methodSections(['no-such-mode'])[0]).toEqual({
      title: 'Mode `no-such-mode`',
      paragraphs: ['This version of Sync Workbench has no description of mode `no-such-mode`.'],
    });
  });
});
