// Static files of the built renderer, and nothing else: the URL path is decoded, normalised and
// resolved under the build folder; anything that would leave it (`..`, encoded separators,
// symlinks pointing out) is refused.
import { realpathSync, statSync } from 'node:fs';
import { extname, join, posix, resolve, sep } from 'node:path';

/**
 * Content types of the files a Vite build emits: the one table of both ways the renderer is
 * served (this bridge, and the app's `folio://app/` protocol in app/protocol-handlers.ts).
 */
export const RENDERER_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
};

/** The content type of a file, by extension (unknown types are served as bytes). */
export function contentTypeOf(file: string): string {
  return RENDERER_CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` that URL path `urlPath` (without query) names, or null when it is
 * malformed, escapes `root`, or is not a regular file. `/` is `index.html`.
 */
export function resolveStaticFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const normalised = posix.normalize(decoded);
  if (normalised.split('/').includes('..')) return null;
  const relative = normalised === '/' ? 'index.html' : normalised.slice(1);
  const base = resolve(root);
  const candidate = resolve(join(base, relative));
  if (!isInside(base, candidate)) return null;
  try {
    const real = realpathSync(candidate);
    if (!isInside(realpathSync(base), real) || !statSync(real).isFile()) return null;
    return real;
  } catch {
    return null;
  }
}

function isInside(root: string, path: string): boolean {
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}
