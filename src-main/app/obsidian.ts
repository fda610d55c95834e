// "Open" for Obsidian vaults: a Folio vault inside an Obsidian vault (a folder holding `.obsidian/`)
// opens its notes in Obsidian through its URL scheme, at the section's heading, rather than in the
// OS default app at the top of the file. Why `obsidian://open` and not the Advanced URI plugin:
// docs/decisions.md#app-and-ui.
import { stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { NodeContent } from '#shared/contract/api.ts';

// How far up from a note an enclosing Obsidian vault is looked for (a Folio vault is often a
// sub-folder of the user's Obsidian vault).
const MAX_LEVELS_UP = 32;

/** The Obsidian vault a folder belongs to: its root folder, or null when it is not in one. */
export async function findObsidianVault(folder: string): Promise<string | null> {
  let current = folder;
  for (let level = 0; level <= MAX_LEVELS_UP; level += 1) {
    const marker = await stat(join(current, '.obsidian')).catch(() => null);
    if (marker?.isDirectory()) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
  return null;
}

/**
 * `obsidian://open?vault=…&file=…` for a file inside an Obsidian vault. Obsidian names a vault
 * after its folder and takes the file path relative to it, `/`-separated; the `.md` extension is
 * dropped as Obsidian's own "copy URI" does. A heading rides on the file as `Note#Heading` (the
 * `#` encoded, as Obsidian's URI help says); Obsidian's URI has no line parameter.
 */
export function obsidianOpenUrl(
  obsidianRoot: string,
  file: string,
  heading: string | null = null,
): string {
  const vault = basename(obsidianRoot);
  const path = relative(obsidianRoot, file).split(sep).join('/').replace(/\.md$/i, '');
  const target = heading === null ? path : `${path}#${linkHeading(heading)}`;
  return `obsidian://open?vault=${encodeURIComponent(vault)}&file=${encodeURIComponent(target)}`;
}

/**
 * A heading as an Obsidian link names it: the characters a link cannot hold (`# | ^ : %% [[ ]]`,
 * Obsidian's "Internal links" help) become spaces, runs of spaces one — what Obsidian writes
 * when it links to such a heading itself.
 */
export function linkHeading(heading: string): string {
  return heading
    .replace(/%%|\[\[|\]\]|[#|^:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
/** A setext heading's text may span lines; a section's first line never starts a longer one. */
const MAX_SETEXT_LINES = 8;

/**
 * The text of the heading on 1-based `line` of `text` (ATX `## Text`, or a setext heading whose
 * text starts there), as written; null when that line starts no heading. Meant for a section's
 * own text, which starts with its heading (a document's may start with frontmatter).
 */
export function headingAt(text: string, line: number): string | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const first = lines[line - 1];
  if (first === undefined || first.trim() === '') return null;
  const atx = ATX.exec(first);
  if (atx) return (atx[2] ?? '').trim() || null;
  const parts: string[] = [];
  for (let at = line - 1; at < Math.min(lines.length, line - 1 + MAX_SETEXT_LINES); at += 1) {
    const current = lines[at]!;
    if (parts.length > 0 && SETEXT_UNDERLINE.test(current)) return parts.join(' ');
    if (current.trim() === '') return null;
    parts.push(current.trim());
  }
  return null;
}

/** The heading a node's text starts with; null for a document (a whole note has none to go to). */
export function sectionHeading(content: Pick<NodeContent, 'id' | 'docId' | 'markdown'>) {
  return content.id === content.docId ? null : headingAt(content.markdown, 1);
}
