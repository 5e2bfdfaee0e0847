import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./electron-fake'));

import { appResponse, resolveAppFile } from '../../../electron/main/app-protocol';
import { DESKTOP_CSP, isAppUrl } from '../../../electron/main/app-url';

const root = mkdtempSync(path.join(os.tmpdir(), 'sb-app-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>x</title>');
writeFileSync(path.join(root, 'app.js'), 'console.log(1)');

describe('app:// scheme', () => {
  it('serves the renderer files with the CSP header and their types', async () => {
    const page = await appResponse(root, 'app://workbench/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(DESKTOP_CSP);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<title>x</title>');
    expect((await appResponse(root, 'app://workbench/app.js')).headers.get('content-type')).toContain(
      'javascript',
    );
    expect((await appResponse(root, 'app://workbench/')).status).toBe(200);
  });

  it('has a strict CSP', () => {
    expect(DESKTOP_CSP).toContain("default-src 'none'");
    expect(DESKTOP_CSP).toContain("script-src 'self'");
    expect(DESKTOP_CSP).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('never serves a file outside the renderer folder', async () => {
    const normalized = resolveAppFile(root, 'app://workbench/%2e%2e/%2e%2e/etc/passwd');
    expect(normalized).toBe(path.join(root, 'etc', 'passwd'));
    expect(resolveAppFile(root, 'app://workbench/..%2F..%2Fetc%2Fpasswd')).toBeNull();
    expect((await appResponse(root, 'app://workbench/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await appResponse(root, 'app://workbench/missing.js')).status).toBe(404);
  });

  it('recognises only its own pages', () => {
    expect(isAppUrl('app://workbench/index.html#/results')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
    expect(isAppUrl('https://workbench/')).toBe(false);
    expect(isAppUrl('file:///app/index.html')).toBe(false);
    expect(isAppUrl(null)).toBe(false);
  });
});
