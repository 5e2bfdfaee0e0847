/**
 * An address without its token (the server restarted, a link from before): the browser shows a styled page in its
 * own language that says why and what to do (electron/serve/no-token-page.ts). Screenshots land in test-results/.
 */
import { expect, test } from '@playwright/test';

import { fixture } from './app';

const oldAddress = () => {
  const url = new URL(fixture.url);
  url.searchParams.set('token', 'from-a-server-that-restarted');
  return `${url.href}#/wizard?a=1`;
};

for (const { locale, lang, heading, why } of [
  {
    locale: 'en-US',
    lang: 'en',
    heading: 'This address has no valid token',
    why: 'this browser never opened the address with the token',
  },
  {
    locale: 'zh-CN',
    lang: 'zh-CN',
    heading: '此地址没有有效的令牌',
    why: '这个浏览器从未打开过带令牌的地址',
  },
]) {
  test.describe(`${locale} browser`, () => {
    test.use({ locale });
    test(`a stale token opens a styled ${lang} page that says the server may have restarted`, async ({
      page,
    }, testInfo) => {
      const response = await page.goto(oldAddress());
      expect(response?.status()).toBe(401);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const main = page.getByTestId('no-token');
      await expect(main).toContainText(why);
      await expect(main.locator('code', { hasText: 'npm start' })).toBeVisible();
      await expect(main.locator('code', { hasText: '#/wizard?…' })).toBeVisible();
      // Styled: its own inline style applies (the CSP allows it by hash), so the card has a border and a margin.
      const style = await main.evaluate((el) => {
        const s = getComputedStyle(el);
        return { border: s.borderLeftWidth, maxWidth: s.maxWidth };
      });
      expect(style).toEqual({ border: '4px', maxWidth: expect.stringMatching(/px$/) });
      // The wizard's answers stay in the browser's address, after the #, for the user to copy.
      expect(page.url()).toContain('#/wizard?a=1');
      await page.screenshot({ path: testInfo.outputPath(`no-token-${lang}.png`) });
    });
  });
}
