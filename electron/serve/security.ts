/**
 * The browser shell's access rules: a random token per start, required on the page URL and on the
 * WebSocket; requests only under a host name that is this machine's (or the one it was bound to), so a DNS
 * rebinding page cannot reach it; WebSockets only from the page's own origin; and the page's CSP.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The path of a request URL as the file server resolves it: the query dropped, percent-escapes decoded (an
 * undecodable one kept as it is), backslashes as slashes, `.` and `..` segments resolved, repeated slashes merged.
 * `/%2findex.html`, `/./index.html` and `/assets/../index.html` all become `/index.html`.
 */
export function normalizedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // a malformed escape: judged as written (the file server refuses it)
  }
  const out: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

/**
 * The one token rule, applied to a normalizedPath: everything needs the token (the page, the API and any path
 * that is not a built asset) except the build's static files under `/assets/`, which the page loads without it.
 */
export function tokenRequired(path: string): boolean {
  return !path.startsWith('/assets/');
}

/** A fresh token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of a presented token with the server's. */
export function tokenMatches(presented: unknown, token: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** The host name of a Host header value (`name:port`, `[v6]:port`), lower-cased; null when malformed. */
function hostName(hostHeader: string): string | null {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(hostHeader.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * Which Host headers the server answers: loopback names on any port (an SSH tunnel may forward another port), and
 * the host it was bound to; every name when it was bound to a wildcard address.
 */
export function hostAllowed(hostHeader: string | undefined, boundHost: string): boolean {
  if (!hostHeader) return false;
  const name = hostName(hostHeader);
  if (!name) return false;
  if (WILDCARD_HOSTS.has(boundHost)) return true;
  const bound = boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost;
  return LOOPBACK_NAMES.has(name) || name === bound.toLowerCase();
}

/**
 * Whether a WebSocket's Origin is the page's own: `http://<Host header>`. A browser always sends Origin, so a page
 * from anywhere else is refused; a client that is not a browser (a script, a test) may leave it out and still
 * needs the token.
 */
export function originAllowed(origin: string | undefined, hostHeader: string | undefined): boolean {
  if (origin === undefined) return true;
  return hostHeader !== undefined && origin === `http://${hostHeader}`;
}

/**
 * The page's Content-Security-Policy: only its own scripts, styles and the WebSocket back to `hostHeader` (an
 * allowed Host header; null for a request under a refused one, whose text must not be echoed: `'self'` alone);
 * images also from data:/blob: (chart exports); no framing, no plugins, no base or form targets.
 */
export function contentSecurityPolicy(hostHeader: string | null): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    hostHeader === null ? "connect-src 'self'" : `connect-src 'self' ws://${hostHeader}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
