// The parts of a link as written: a wikilink's inner text (`note#heading|shown`) or a Markdown
// link's destination (`other%20note.md#sec`). Pure; shared by the chunker, which decides what is
// a link, and the resolver, which decides where it points (docs/links.md).
import { DENDRON_VAULT } from '#shared/dendron-links.ts';

/** A link's target split the way Obsidian's `parseLinktext` splits it. */
export interface LinkText {
  /** The note part, decoded (`folder/note`, `../x.md`); empty for a link inside its own note. */
  path: string;
  /** What follows the first `#`: a heading chain (`A#B`) or a block id (`^id`); empty if none. */
  subpath: string;
}

/**
 * Extensions of files Obsidian shows or embeds that are not notes (its "accepted file formats":
 * images, audio, video, PDF, canvas, bases). Links to them are attachments, not note links.
 */
const ATTACHMENT = new Set([
  'avif', 'bmp', 'gif', 'jpeg', 'jpg', 'png', 'svg', 'webp', 'ico', 'tif', 'tiff',
  'flac', 'm4a', 'mp3', 'ogg', 'wav', 'webm', '3gp', 'mkv', 'mov', 'mp4', 'ogv',
  'pdf', 'canvas', 'base', 'excalidraw', 'zip',
]); // prettier-ignore

/** Splits a target as written. `markdown`: a Markdown destination (escapes, percent-encoding). */
export function parseLinkText(target: string, markdown: boolean): LinkText {
  let text = target;
  if (markdown) {
    text = percentDecode(text.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
  } else {
    const bar = text.indexOf('|');
    if (bar !== -1) {
      const shown = text.slice(bar + 1).trim();
      // Dendron writes the label first: `[[label|dendron://vault/note]]` names the note after the
      // bar. `[[note\|shown]]` is the escape Obsidian asks for inside table cells.
      if (DENDRON_VAULT.test(shown)) text = shown;
      else text = text.slice(0, text.charCodeAt(bar - 1) === 92 ? bar - 1 : bar);
    }
    // Dendron's cross-vault prefix names the note in the link's own vault (docs/links.md#dendron).
    text = text.replace(DENDRON_VAULT, '');
  }
  const hash = text.indexOf('#');
  if (hash === -1) return { path: text.trim(), subpath: '' };
  return { path: text.slice(0, hash).trim(), subpath: text.slice(hash + 1).trim() };
}

/** `%20` and friends decoded; a malformed sequence stays as written. */
function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** True when a Markdown destination leaves the vault: a URL scheme (`https:`, `mailto:`) or `//`. */
export function isExternalDestination(destination: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(destination) || destination.startsWith('//');
}

/** True when the link's path names an attachment (an image, a PDF…) rather than a note. */
export function isAttachmentPath(path: string): boolean {
  const dot = path.lastIndexOf('.');
  if (dot === -1 || dot < path.lastIndexOf('/')) return false;
  return ATTACHMENT.has(path.slice(dot + 1).toLowerCase());
}
