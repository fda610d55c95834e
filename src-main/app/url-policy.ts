// Which URLs the app may open, load or trust (docs/design.md#security). Pure: the Electron layer
// asks these functions and acts on the answer, so every rule is tested in Node.

/** The scheme and host the renderer is served from (`folio://app/index.html`). */
export const APP_SCHEME = 'folio';
/** Origin of the renderer pages; the only origin whose frames may call the API. */
export const APP_ORIGIN = `${APP_SCHEME}://app`;
/** The scheme that serves images from inside registered vaults to previews. */
export const VAULT_SCHEME = 'folio-vault';
/**
 * Its one host: `folio-vault://vault/<vault name>/<path>`. The vault name travels as a path
 * segment because the scheme is standard, so Chromium canonicalises hosts the way it does for
 * http — a vault named `2024` or `0x1f` would arrive as the IPv4 address `0.0.7.232`/`0.0.0.31`.
 */
export const VAULT_ORIGIN = `${VAULT_SCHEME}://vault`;

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

// The mailto fields a note's link may fill in (RFC 6068's common headers). Anything else is
// dropped: some mail clients honour `attach=`/`attachment=` and would attach a local file.
const MAILTO_FIELDS = new Set(['to', 'cc', 'bcc', 'subject', 'body']);

/** `scheme://host` of a URL, also for custom schemes (where `URL.origin` is `"null"`). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.host === '' ? null : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/** The verdict on a link the user asked to open outside the app. */
export type ExternalVerdict = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Only http(s) and mailto links leave the app, and only well-formed ones: `javascript:`,
 * `file:`, custom schemes (which could launch arbitrary handlers) and credentials are refused.
 */
export function externalUrlVerdict(url: string): ExternalVerdict {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return { ok: false, reason: `"${shorten(url)}" is not a valid URL` };
  }
  if (!EXTERNAL_PROTOCOLS.has(parsed.protocol)) {
    return {
      ok: false,
      reason: `only http, https and mailto links are opened, not "${parsed.protocol}" (${shorten(url)})`,
    };
  }
  if (parsed.protocol !== 'mailto:' && parsed.hostname === '') {
    return { ok: false, reason: `"${shorten(url)}" has no host` };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, reason: `"${shorten(url)}" carries credentials; it is not opened` };
  }
  return { ok: true, url: parsed.protocol === 'mailto:' ? keepMailtoFields(parsed) : parsed.href };
}

/** A mailto URL with only the fields of `MAILTO_FIELDS` (names compared case-insensitively). */
function keepMailtoFields(mailto: URL): string {
  const kept = mailto.search
    .slice(1)
    .split('&')
    .filter((pair) => MAILTO_FIELDS.has(fieldName(pair)));
  const query = kept.length > 0 ? `?${kept.join('&')}` : '';
  return `mailto:${mailto.pathname}${query}${mailto.hash}`;
}

// The decoded, lower-cased name of a `name=value` pair; '' when it does not decode.
function fieldName(pair: string): string {
  try {
    return decodeURIComponent(pair.split('=')[0]!).toLowerCase();
  } catch {
    return '';
  }
}

/** What to do with a navigation or `window.open` that a page attempted. */
export type NavigationVerdict = 'allow' | 'open-externally' | 'deny';

/**
 * Pages never navigate: a same-page fragment change is allowed, a link the user clicked that
 * passes `externalUrlVerdict` goes to the OS, anything else is dropped.
 */
export function navigationVerdict(currentUrl: string, targetUrl: string): NavigationVerdict {
  if (sameDocument(currentUrl, targetUrl)) return 'allow';
  return externalUrlVerdict(targetUrl).ok ? 'open-externally' : 'deny';
}

function sameDocument(a: string, b: string): boolean {
  try {
    const left = new URL(a);
    const right = new URL(b);
    left.hash = '';
    right.hash = '';
    return left.href === right.href;
  } catch {
    return false;
  }
}

/** What the main process knows about the frame that sent an IPC message. */
export interface SenderInfo {
  /** `webContents.id` of the sender. */
  webContentsId: number;
  /** URL of the sending frame, or null when the frame is gone. */
  frameUrl: string | null;
  /** True for a window's top frame (never an iframe). */
  isMainFrame: boolean;
}

/** The API answers only top frames of our own windows showing our own pages. */
export function isTrustedSender(
  sender: SenderInfo,
  trusted: { webContentsIds: ReadonlySet<number>; origins: readonly string[] },
): boolean {
  if (!sender.isMainFrame || sender.frameUrl === null) return false;
  if (!trusted.webContentsIds.has(sender.webContentsId)) return false;
  const origin = originOf(sender.frameUrl);
  return origin !== null && trusted.origins.includes(origin);
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
