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

/** What an image shows instead of loading: its alt text and address. */
export function imageLabel(element: Element): string {
  const alt = typeof element.properties.alt === 'string' ? element.properties.alt.trim() : '';
  const src = typeof element.properties.src === 'string' ? element.properties.src : '';
  const label = alt || 'image';
  return src ? `[${label}: ${src}]` : `[${label}]`;
}
