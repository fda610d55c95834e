// Security rules applied to every web contents and to the session (docs/design.md#security;
// Electron's security checklist): no navigation, no new windows, no webviews, no permissions, no
// remote requests. The decisions themselves are the pure functions of `url-policy.ts`.
import { shell, type Session, type WebContents } from 'electron';
import { externalUrlVerdict, navigationVerdict } from './url-policy.ts';

function openOutside(url: string): void {
  const verdict = externalUrlVerdict(url);
  if (!verdict.ok) {
    console.warn(`[folio] refused to open a link: ${verdict.reason}`);
    return;
  }
  shell.openExternal(verdict.url).catch((error: Error) => {
    console.warn(`[folio] could not open ${verdict.url}: ${error.message}`);
  });
}

/**
 * Pages never navigate away or open windows: an http(s)/mailto link goes to the OS browser or
 * mail client, anything else is dropped. Applied to every web contents the app creates.
 */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    const verdict = navigationVerdict(contents.getURL(), event.url);
    if (verdict === 'allow') return;
    event.preventDefault();
    if (verdict === 'open-externally') openOutside(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (navigationVerdict(contents.getURL(), event.url) !== 'allow') event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/**
 * Denies every permission request and check (camera, notifications, clipboard read…), and cancels
 * every network request to http(s)/ws(s) except to `allowedOrigin` (the dev server in
 * development): the renderer loads nothing remote even if CSP were bypassed.
 */
export function hardenSession(session: Session, allowedOrigin: string | null): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onBeforeRequest(
    { urls: ['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*'] },
    (details, callback) => {
      const prefixes =
        allowedOrigin === null
          ? []
          : [`${allowedOrigin}/`, `${allowedOrigin.replace(/^http/, 'ws')}/`];
      callback({ cancel: !prefixes.some((prefix) => details.url.startsWith(prefix)) });
    },
  );
}
