// Which FolioApi the page talks to: the preload's `window.folio` inside Electron, else the web
// bridge (the page was opened from the URL `npm run web` printed).
import type { FolioApi } from '#shared/contract/api.ts';
import { createBridgeClient } from './bridge-client.ts';

const TOKEN_KEY = 'folio-token';

/**
 * The bridge session token: taken from the URL fragment `#token=…` on first load, then kept in
 * the tab's session storage and removed from the address bar (so it is not bookmarked or shared).
 */
export function takeToken(): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match?.[1]) {
    const token = decodeURIComponent(match[1]);
    sessionStorage.setItem(TOKEN_KEY, token);
    history.replaceState(null, '', location.pathname + location.search);
    return token;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/** The API of this page, or null when neither the preload nor a bridge token is there. */
export function resolveApi(): FolioApi | null {
  const preload = (window as { folio?: FolioApi }).folio;
  if (preload) return preload;
  const token = takeToken();
  // The socket opens with the page: the first keystroke's search need not wait for it.
  return token ? createBridgeClient({ token, connectSocket: true }) : null;
}

/** The URL of a page of the web build with the session token, e.g. to open quick search. */
export function pageUrl(page: string): string {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? `${page}#token=${encodeURIComponent(token)}` : page;
}
