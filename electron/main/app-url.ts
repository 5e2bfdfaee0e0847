/**
 * The desktop page's address and policy. The renderer is served from a privileged custom scheme
 * (`app://workbench/…`, never file://), so every response carries the CSP header and IPC senders can be checked
 * by origin.
 */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://workbench';
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/** The page's Content-Security-Policy: its own scripts and styles only; images also from data:/blob: (charts). */
export const DESKTOP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** True when `url` is a page of the app (`app://workbench/…`). */
export function isAppUrl(url: string | undefined | null): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === 'workbench';
  } catch {
    return false;
  }
}
