/**
 * The page the browser shell answers to an address without its token (a restarted server, a shared link): 401,
 * styled by its own CSP hash, in the browser's language, saying the server may have restarted or this browser lacks the token, and what to do.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { acceptedLanguages, askedPath, noTokenPage } from '../../../electron/serve/no-token-page';
import { startServer, type RunningServer } from '../../../electron/serve/server';
import { setup } from '../service/setup';

const rendererDir = mkdtempSync(path.join(os.tmpdir(), 'sb-renderer-'));
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Sync Workbench</title>');

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        })
        .on('error', reject);
    },
  );
}

/** The words a reader sees: no style, no tags, character references decoded. */
const text = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

describe('the no-token page', () => {
  const t = setup();
  let server: RunningServer;
  let base: string;
  beforeAll(async () => {
    server = await startServer({ service: t.service, rendererDir, version: '9.9.9' });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  it('en: 401, says the server may have restarted, to open the printed address again, and the wizard’s #', async () => {
    const page = await get(`${base}/?token=from-before`, { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(page.status).toBe(401);
    expect(page.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(page.body).toContain('<html lang="en">');
    const words = text(page.body);
    expect(words).toContain('Either the server was restarted (it makes a new token each time it starts');
    expect(words).toContain('a link copied into another browser or profile needs the token too');
    expect(words).toContain(
      'Open the address that npm start or syncbench serve printed when it started again',
    );
    expect(words).toContain('A "Which barrier?" link keeps its answers in the address, after the #');
    expect(page.body).toContain('<code>npm start</code>');
    // The old token is never echoed back.
    expect(page.body).not.toContain('from-before');
  });

  it('zh-CN: the same page in Chinese', async () => {
    const page = await get(`${base}/`, { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    expect(page.status).toBe(401);
    expect(page.body).toContain('<html lang="zh-CN">');
    const words = text(page.body);
    expect(words).toContain('可能是服务器已重启（它每次启动都会生成新的令牌');
    expect(words).toContain('复制到另一个浏览器或配置文件的链接也需要令牌');
    expect(words).toContain('请重新打开 npm start 或 syncbench serve 启动时打印的地址');
    expect(words).toContain('“选哪种屏障？”的链接把答案保存在地址中 # 之后');
    expect(words).not.toMatch(/restarted|Open the address/);
  });

  it('is styled by its own inline style, which its CSP allows by hash and nothing else', async () => {
    const page = await get(`${base}/`);
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)![1]!;
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    expect(page.body).not.toContain('<script');
    // The token page itself keeps the app's policy.
    const app = await get(server.url);
    expect(String(app.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('names the path and query the address asked for (without a token), escaped', async () => {
    const page = await get(`${base}/report?x=%3Cb%3E&token=old`);
    expect(page.status).toBe(401);
    expect(text(page.body)).toContain(
      'This address asked for /report?x=%3Cb%3E: append it to the new address too.',
    );
    expect(askedPath('/?token=abc')).toBeNull();
    expect(askedPath('/a?b=1&token=abc')).toBe('/a?b=1');
    expect(noTokenPage('/"<x>', undefined).html).not.toMatch(/"<x>|<x>/);
  });
});

describe('acceptedLanguages', () => {
  it('orders by q, then by position; drops * and q=0', () => {
    expect(acceptedLanguages('en;q=0.5, zh-CN, fr;q=0.8, *;q=0.1, de;q=0')).toEqual(['zh-CN', 'fr', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
  it('picks zh-CN for Chinese first and English otherwise', () => {
    expect(noTokenPage('/', 'zh;q=0.9,en;q=0.8').locale).toBe('zh-CN');
    expect(noTokenPage('/', 'en;q=0.9,zh-CN;q=0.8').locale).toBe('en');
    expect(noTokenPage('/', 'fr').locale).toBe('en');
  });
});
