import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { fixture, openView } from './app';

/** Drops a file with `content` named `name` on the window, as a file manager's drag would. */
async function dropFile(page: Page, name: string, content: string): Promise<void> {
  await page.evaluate(
    ({ name, content }) => {
      const data = new DataTransfer();
      data.items.add(new File([content], name, { type: 'application/json' }));
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, cancelable: true }));
    },
    { name, content },
  );
}

test('a result file dropped on any view is imported and opened in Results', async ({ page }, testInfo) => {
  await openView(page, 'run');
  await dropFile(page, 'dropped.syncbench.json', await readFile(fixture.importable.path, 'utf8'));
  await expect(page).toHaveURL(/#\/results\?open=/);
  await expect(page.getByTestId('document-message')).toHaveText(
    /^dropped\.syncbench\.json: (imported as|already in the library as) /,
  );
  await expect(page.locator('#detail-title')).toHaveText(fixture.importable.name);
  await page.screenshot({ path: testInfo.outputPath('dropped-file-opened.png') });
});

test("a dropped file the host refuses shows the host's message and opens nothing", async ({ page }) => {
  await openView(page, 'run');
  await dropFile(page, path.basename(fixture.malformed), await readFile(fixture.malformed, 'utf8'));
  const message = page.getByTestId('document-message');
  await expect(message).toHaveClass(/error/);
  await expect(message).not.toBeEmpty();
  await expect(page).toHaveURL(/#\/run$/);
});
