/**
 * The browser shell's token leaves the address bar after the first load: it is read from `?token=`, kept in
 * sessionStorage for this tab (the API socket's address names it), and removed from the address with
 * history.replaceState, so it stays out of the history, of bookmarks and of links the user copies. A reload, or a
 * copied link opened in another tab of the same browser, is let in by the cookie the server set with the page
 * (electron/serve/http-guard.ts): the socket then goes without a token in its address.
 */

/** The sessionStorage key of the token. */
export const TOKEN_KEY = 'syncbench.token';

/** What takePageToken needs of the window (injectable for tests). */
export interface PageWindow {
  location: Pick<Location, 'href'>;
  history: Pick<History, 'state' | 'replaceState'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

/** The token of this page ('' when none is known), taken out of the address where it is there. */
export function takePageToken(win: PageWindow): string {
  const url = new URL(win.location.href);
  const fromAddress = url.searchParams.get('token');
  if (fromAddress === null) return win.sessionStorage.getItem(TOKEN_KEY) ?? '';
  win.sessionStorage.setItem(TOKEN_KEY, fromAddress);
  url.searchParams.delete('token');
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return fromAddress;
}
