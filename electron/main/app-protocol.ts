/**
 * Serves the built renderer on `app://workbench/` with the CSP header. Only files inside the renderer folder are
 * served (no path escapes it); anything else is 404.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { protocol } from 'electron';

import { APP_SCHEME, DESKTOP_CSP } from './app-url';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** Declares the scheme privileged (standard, secure, fetch); must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** The file under `root` that `url` names, or null when it would leave `root`. */
export function resolveAppFile(root: string, url: string): string | null {
  const pathname = decodeURIComponent(new URL(url).pathname);
  const file = path.resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`);
  const inside = path.relative(root, file);
  return inside && !inside.startsWith('..') && !path.isAbsolute(inside) ? file : null;
}

/** A response for one request of the app scheme: the file with its type and the CSP, or 404. */
export async function appResponse(root: string, url: string): Promise<Response> {
  const headers = { 'Content-Security-Policy': DESKTOP_CSP, 'X-Content-Type-Options': 'nosniff' };
  const file = resolveAppFile(root, url);
  if (!file) return new Response('Not found', { status: 404, headers });
  try {
    const body = await readFile(file);
    const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': type } });
  } catch {
    return new Response('Not found', { status: 404, headers });
  }
}

/** Serves `rendererDir` on the app scheme (after the app is ready). */
export function serveAppScheme(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  protocol.handle(APP_SCHEME, (request) => appResponse(root, request.url));
}
