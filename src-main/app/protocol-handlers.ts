// The two custom protocols, as plain `Request → Response` functions (Fetch API objects exist in
// Node too, so they are tested without Electron): `folio://app/…` serves the built renderer with a
// strict CSP, `folio-vault://vault/<vault>/<path>` serves images from inside a registered vault only.
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import { RENDERER_CONTENT_TYPES } from '../bridge/static-files.ts';
import { APP_ORIGIN, VAULT_ORIGIN } from './url-policy.ts';

/**
 * CSP of every renderer page: only our own scripts and styles (no inline ones, as in the web
 * bridge); images from our origin, `data:` and the vault protocol; workers only from our origin
 * (the preview renders markdown in one); no remote loads, no plugins, no frames, no forms.
 */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: folio-vault:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

// Served to vault images: an SVG opened on its own must not run scripts either.
const VAULT_FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** Media types served from vaults: images only (what a markdown preview embeds). */
export const VAULT_MEDIA_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
};

/** Largest vault file served (a preview image, not a video). */
export const MAX_VAULT_FILE_BYTES = 64 * 1024 * 1024;

function failure(status: number, reason: string): Response {
  return new Response(reason, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

/**
 * Decodes a URL path into safe segments: none empty, `.` or `..`, none holding a separator or
 * NUL, none hidden (a leading dot: `.obsidian`, `.git`, as the vault rules ignore them).
 */
export function safeSegments(pathname: string): string[] | string {
  const segments: string[] = [];
  for (const raw of pathname.split('/').filter((segment) => segment !== '')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return `"${raw}" is not a valid URL path segment`;
    }
    if (segment.startsWith('.') || /[/\\\0]/.test(segment) || /^[a-zA-Z]:$/.test(segment)) {
      return `"${segment}" is not allowed in a path`;
    }
    segments.push(segment);
  }
  return segments.length > 0 ? segments : 'the path is empty';
}

function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/** The outcome of looking a file up inside a root. */
export type FileLookup =
  { ok: true; file: string; size: number } | { ok: false; status: number; reason: string };

/**
 * Finds `segments` under `root` and proves the real file (symlinks resolved) is still inside the
 * real root, so a symlink in the vault cannot lead out of it.
 */
export async function lookupInside(root: string, segments: string[]): Promise<FileLookup> {
  let realRoot: string;
  let realFile: string;
  try {
    realRoot = await realpath(root);
    realFile = await realpath(join(root, ...segments));
  } catch {
    return { ok: false, status: 404, reason: `${segments.join('/')} was not found` };
  }
  if (!isInside(realRoot, realFile)) {
    return { ok: false, status: 403, reason: `${segments.join('/')} leads outside its folder` };
  }
  const info = await stat(realFile).catch(() => null);
  if (!info?.isFile())
    return { ok: false, status: 404, reason: `${segments.join('/')} is not a file` };
  return { ok: true, file: realFile, size: info.size };
}

/** Serves `folio://app/<path>` from the built renderer folder; HTML pages carry the CSP. */
export function createAppProtocolHandler(
  rendererDir: string,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (`${url.protocol}//${url.host}` !== APP_ORIGIN) return failure(404, 'unknown host');
    if (request.method !== 'GET') return failure(405, 'only GET is served');
    const segments = safeSegments(url.pathname === '/' ? '/index.html' : url.pathname);
    if (typeof segments === 'string') return failure(400, segments);
    const type = RENDERER_CONTENT_TYPES[extname(segments.at(-1) as string).toLowerCase()];
    if (!type) return failure(404, `${url.pathname} is not a renderer file`);
    const found = await lookupInside(rendererDir, segments);
    if (!found.ok) return failure(found.status, found.reason);
    const headers: Record<string, string> = {
      'content-type': type,
      'x-content-type-options': 'nosniff',
    };
    if (type.startsWith('text/html')) {
      headers['content-security-policy'] = RENDERER_CSP;
      headers['referrer-policy'] = 'no-referrer';
      headers['cross-origin-opener-policy'] = 'same-origin';
    }
    return new Response(await readFile(found.file), { headers });
  };
}

/** Looks up the root folder of a registered vault by name (null: no such vault). */
export type VaultRootLookup = (vault: string) => Promise<string | null>;

/**
 * Serves `folio-vault://vault/<vault>/<path>`: images inside a registered vault, to our own pages
 * only (Electron sets `initiatorOrigin` on requests made by web content). The vault name is the
 * first path segment, never the host: see `VAULT_ORIGIN`.
 */
export function createVaultProtocolHandler(
  rootOf: VaultRootLookup,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const initiator = (request as Request & { initiatorOrigin?: string | null }).initiatorOrigin;
    if (initiator !== undefined && initiator !== APP_ORIGIN) {
      return failure(403, 'vault files are served to Folio pages only');
    }
    if (request.method !== 'GET') return failure(405, 'only GET is served');
    const url = new URL(request.url);
    if (`${url.protocol}//${url.host}` !== VAULT_ORIGIN) return failure(404, 'unknown host');
    const all = safeSegments(url.pathname);
    if (typeof all === 'string') return failure(400, all);
    const [vault, ...segments] = all as [string, ...string[]];
    if (segments.length === 0) return failure(400, `no file named in vault "${vault}"`);
    const root = await rootOf(vault);
    if (root === null) return failure(404, `no vault is named "${vault}"`);
    const type = VAULT_MEDIA_TYPES[extname(segments.at(-1) as string).toLowerCase()];
    if (!type) return failure(403, `${segments.join('/')} is not an image`);
    const found = await lookupInside(root, segments);
    if (!found.ok) return failure(found.status, found.reason);
    if (found.size > MAX_VAULT_FILE_BYTES)
      return failure(413, `${segments.join('/')} is too large`);
    return new Response(await readFile(found.file), {
      headers: {
        'content-type': type,
        'content-security-policy': VAULT_FILE_CSP,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      },
    });
  };
}
