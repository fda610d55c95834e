// The web bridge's guards (it serves the real engine on a local port, so any web page the user
// visits could try to reach it): a random token on every API request, a Host check against DNS
// rebinding, an Origin check against cross-site requests, and strict response headers.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh session token: 32 random bytes, URL-safe. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares tokens in constant time (hashes first, so lengths never leak either). */
export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/** The origins the bridge answers to: its loopback address under both names. */
export function allowedOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/**
 * True when the Host header names the bridge itself. A DNS-rebinding page reaches 127.0.0.1
 * under its own host name, which this rejects.
 */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return allowedOrigins(port).some((origin) => origin === `http://${host.toLowerCase()}`);
}

/** True when the request has no Origin (same-origin GET, curl) or comes from the bridge's own. */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  return origin === undefined || allowedOrigins(port).includes(origin.toLowerCase());
}

/**
 * The page's Content-Security-Policy: only the bridge's own scripts, styles and connections, no
 * inline script or style, no remote origins, no plugins, no framing.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers sent with every response. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};
