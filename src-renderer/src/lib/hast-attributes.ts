// Which attributes of a sanitised hast element reach the page, and how links and images are
// shown. A short allow-list on top of the sanitiser: nothing that loads, runs or navigates.
import type { Element } from 'hast';

/** hast property name → HTML attribute, for the attributes the preview keeps. */
const KEPT: Readonly<Record<string, string>> = {
  className: 'class',
  id: 'id',
  title: 'title',
  lang: 'lang',
  dir: 'dir',
  align: 'align',
  start: 'start',
  colSpan: 'colspan',
  rowSpan: 'rowspan',
  checked: 'checked',
  disabled: 'disabled',
  open: 'open',
  scope: 'scope',
};

/** The attributes to render for `element` (values as strings or booleans). */
export function elementAttributes(element: Element): Record<string, string | boolean> {
  const attributes: Record<string, string | boolean> = {};
  for (const [property, value] of Object.entries(element.properties)) {
    const name = KEPT[property];
    if (!name || value === null || value === undefined || value === false) continue;
    attributes[name] = Array.isArray(value)
      ? value.join(' ')
      : value === true
        ? true
        : String(value);
  }
  // Task-list checkboxes are the only inputs the sanitiser lets through; they stay read-only.
  if (element.tagName === 'input') Object.assign(attributes, { type: 'checkbox', disabled: true });
  return attributes;
}

/**
 * Where a link may go: an in-page `#anchor` or an http(s)/mailto URL; null for anything else
 * (relative paths, and `javascript:` which the sanitiser already removed).
 */
export function linkTarget(element: Element): string | null {
  const href = element.properties.href;
  if (typeof href !== 'string') return null;
  const trimmed = href.trim();
  if (trimmed.startsWith('#') || /^(https?:\/\/|mailto:)/i.test(trimmed)) return trimmed;
  return null;
}

/**
 * What an image shows instead of loading: its alt text and, for a web address, the host it would
 * come from (`[GitHub Repo stars (img.shields.io)]`); any other address (a path) whole. The whole
 * address is the tooltip ({@link imageTitle}). obsidian-hub's plugin notes open with four
 * shields.io badges: written whole, their addresses filled the preview's first screen
 * (docs/ui.md#the-preview).
 */
export function imageLabel(element: Element): string {
  const alt = typeof element.properties.alt === 'string' ? element.properties.alt.trim() : '';
  const src = imageSource(element);
  const label = alt || 'image';
  const host = webHost(src);
  if (host) return `[${label} (${host})]`;
  return src ? `[${label}: ${src}]` : `[${label}]`;
}

/** The host of an http(s) address; null for anything else. */
function webHost(src: string): string | null {
  if (!/^https?:\/\//i.test(src)) return null;
  try {
    return new URL(src).hostname || null;
  } catch {
    return null;
  }
}

/** The tooltip of an image shown by its label: that it was not loaded, and its address. */
export function imageTitle(element: Element): string {
  const src = imageSource(element);
  return src ? `Image not loaded: ${src}` : 'Image not loaded';
}

function imageSource(element: Element): string {
  return typeof element.properties.src === 'string' ? element.properties.src.trim() : '';
}

/** The note a preview shows, for resolving its relative image paths. */
export interface ImageBase {
  vault: string;
  /** The note's path in its vault, `/`-separated. */
  path: string;
}

/**
 * The app's `folio-vault://vault/<vault>/<path>` URL of a relative image of the note at `base`,
 * or null for anything that is not a plain relative path inside the vault (remote URLs, absolute
 * paths, `..` past the root, other schemes): those are never loaded. The vault name is a path
 * segment, not the host: `folio-vault` is a standard scheme, whose hosts Chromium canonicalises
 * like http's (`2024` would become `0.0.7.232`).
 */
export function vaultImageUrl(src: string, base: ImageBase): string | null {
  const trimmed = src.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || /^[/\\]/.test(trimmed)) return null;
  let decoded: string;
  try {
    decoded = decodeURI(trimmed.split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  const segments = base.path.split('/').slice(0, -1);
  for (const part of decoded.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else if (part.startsWith('.') || part.includes('\\')) return null;
    else segments.push(part);
  }
  if (segments.length === 0) return null;
  return `folio-vault://vault/${[base.vault, ...segments].map(encodeURIComponent).join('/')}`;
}
