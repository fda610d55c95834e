// Where a link points, decided the way Obsidian's `getFirstLinkpathDest` and `resolveSubpath`
// decide it (docs/links.md#resolution). Pure: the store hands in the candidate files (those whose
// name matches) and the target's headings and blocks; this picks.

/** A file a link may point to. */
export interface FileCandidate {
  /** The caller's id for it (a `files` row id). */
  id: number;
  /** Vault-relative path as on disk. */
  path: string;
}

/** A heading of the target document, in document order. */
export interface HeadingCandidate {
  /** The caller's id for the heading's node. */
  node: number;
  depth: number;
  /** Plain-text title. */
  title: string;
  slug: string | null;
}

/** Case- and Unicode-insensitive form of a path or name: NFC, lower case. */
function fold(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** A path without a final `.md` (any case), folded: what link paths are compared by. */
export function pathKey(path: string): string {
  const folded = fold(path);
  return folded.endsWith('.md') ? folded.slice(0, -3) : folded;
}

/** The last segment of `pathKey`: the index every candidate file is found by. */
export function nameKey(path: string): string {
  const key = pathKey(path);
  return key.slice(key.lastIndexOf('/') + 1);
}

/** `a/./b/../c` → `a/c`; null when it climbs above the vault root. */
function normalizeDots(path: string): string | null {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else {
      out.push(segment);
    }
  }
  return out.join('/');
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** The closest of several equally good files: in the source's folder, then shortest, then by name. */
function closest<T extends FileCandidate>(files: T[], sourceFolder: string): T | null {
  let best: T | null = null;
  for (const file of files) {
    if (best === null || closer(file, best, sourceFolder)) best = file;
  }
  return best;
}

function closer(a: FileCandidate, b: FileCandidate, sourceFolder: string): boolean {
  const aHere = fold(folderOf(a.path)) === sourceFolder;
  const bHere = fold(folderOf(b.path)) === sourceFolder;
  if (aHere !== bHere) return aHere;
  if (a.path.length !== b.path.length) return a.path.length < b.path.length;
  return a.path < b.path;
}

/**
 * The file a link path names, from `candidates` (every file of the vault whose `nameKey` equals
 * the link's), seen from the note at `sourcePath`:
 * 1. the vault path, `.md` optional (`Folder/Note`, `/Folder/Note.md`);
 * 2. the path relative to the source's folder (`../Note`, `./Note`, or a name beside the source);
 * 3. a file whose path ends with the link path, preferring the source's folder, then the
 *    shortest path, then the first by name.
 * Case-insensitive throughout; a file whose case matches exactly wins a tie.
 */
export function pickFile<T extends FileCandidate>(
  linkPath: string,
  sourcePath: string,
  candidates: T[],
): T | null {
  if (candidates.length === 0) return null;
  const wanted = pathKey(linkPath);
  const sourceFolder = fold(folderOf(sourcePath));
  const byKey = (key: string) => {
    const exact = candidates.filter((file) => pathKey(file.path) === key);
    return (
      exact.find((file) => file.path === linkPath || file.path === `${linkPath}.md`) ?? exact[0]
    );
  };
  const absolute = normalizeDots(wanted);
  if (absolute !== null && !/^\.\.?(\/|$)/.test(wanted)) {
    const found = byKey(absolute);
    if (found) return found;
  }
  const relative = normalizeDots(`${sourceFolder}/${wanted}`);
  if (relative !== null) {
    const found = byKey(relative);
    if (found) return found;
  }
  if (absolute === null || absolute === '' || /(^|\/)\.\.?(\/|$)/.test(wanted)) return null;
  const suffix = `/${absolute}`;
  return closest(
    candidates.filter((file) => pathKey(file.path).endsWith(suffix)),
    sourceFolder,
  );
}

/** Files holding an alias equal to the link path (Folio's own fallback; Obsidian has none). */
export function pickByAlias<T extends FileCandidate>(sourcePath: string, holders: T[]): T | null {
  return closest(holders, fold(folderOf(sourcePath)));
}

/**
 * A heading as Obsidian's `stripHeading` leaves it for comparing: its punctuation
 * (`` !"#$%&()*+,.:;<=>?@^`{|}~/[]\ `` and line breaks) turned into spaces, spaces collapsed,
 * trimmed — then folded, so case does not matter.
 */
export function headingKey(text: string): string {
  return fold(
    text
      .replace(/[!"#$%&()*+,.:;<=>?@^`{|}~/[\]\\\r\n]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/**
 * The node a subpath names in the target document: a block (`^id`, case-insensitive), or a
 * heading chain (`A#B`: B under A), each heading compared by `headingKey`; a single heading may
 * also be named by its GitHub slug (Markdown links written for GitHub), and a Dendron range by its
 * start. Null when none matches.
 */
export function pickSubpath(
  subpath: string,
  headings: HeadingCandidate[],
  blocks: ReadonlyMap<string, number>,
): number | null {
  const found = pickAnchor(subpath, headings, blocks);
  if (found !== null) return found;
  const range = DENDRON_RANGE.exec(subpath);
  return range ? pickAnchor(range[1]!, headings, blocks) : null;
}

/**
 * A Dendron note reference's range, `start,1:#end` or `start:#*` (a line offset, an end anchor):
 * tried by its start anchor when the subpath as written names nothing (docs/links.md#dendron).
 */
const DENDRON_RANGE = /^(\^?[^,:#^]+)(?:,\d+(?::#?.*)?|:#?.*)$/s;

function pickAnchor(
  subpath: string,
  headings: HeadingCandidate[],
  blocks: ReadonlyMap<string, number>,
): number | null {
  if (subpath.startsWith('^')) return blocks.get(subpath.slice(1).toLowerCase()) ?? null;
  const parts = subpath
    .split('#')
    .map(headingKey)
    .filter((part) => part !== '');
  if (parts.length === 0) return null;
  const chained = headingChain(parts, headings);
  if (chained !== null || parts.length > 1) return chained;
  const slug = subpath.trim().toLowerCase();
  return headings.find((heading) => heading.slug === slug)?.node ?? null;
}

function headingChain(parts: string[], headings: HeadingCandidate[]): number | null {
  let found: HeadingCandidate | null = null;
  let from = 0;
  for (const part of parts) {
    let next: HeadingCandidate | null = null;
    for (let index = from; index < headings.length; index++) {
      const heading = headings[index]!;
      // Inside a chain, the next heading must lie within the section found so far.
      if (found && heading.depth <= found.depth) break;
      if (headingKey(heading.title) === part) {
        next = heading;
        from = index + 1;
        break;
      }
    }
    if (!next) return null;
    found = next;
  }
  return found?.node ?? null;
}
