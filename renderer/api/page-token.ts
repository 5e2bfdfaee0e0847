/**
 * The browser shell's token leaves the address bar after the first load: it is read from `?token=`, kept in
 * localStorage (the API socket's address names it), and removed from the address with history.replaceState, so it
 * stays out of the history, of bookmarks and of links the user copies. localStorage belongs to this origin, port
 * included, so no other server of this host can read it, and a reload or a copied link opened in another tab of
 * the same browser finds it; the page itself is let in by the server's page cookie (electron/serve/http-guard.ts),
 * which is not the token.
 */

/** The localStorage key of the token. */
export const TOKEN_KEY = 'syncbench.token';

/** What takePageToken needs of the window (injectable for tests). */
export interface PageWindow {
  location: Pick<Location, 'href'>;
  history: Pick<History, 'state' | 'replaceState'>;
  localStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

/** The token of this page ('' when none is known), taken out of the address where it is there. */
export function takePageToken(win: PageWindow): string {
  const url = new URL(win.location.href);
  const fromAddress = url.searchParams.get('token');
  if (fromAddress === null) return win.localStorage.getItem(TOKEN_KEY) ?? '';
  win.localStorage.setItem(TOKEN_KEY, fromAddress);
  url.searchParams.delete('token');
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return fromAddress;
}
