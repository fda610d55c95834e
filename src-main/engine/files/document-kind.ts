// Which files a vault indexes (docs/design.md#files-indexed): markdown by extension, plain text,
// nothing else.

/** How a file's content is interpreted (docs/design.md#files-indexed). */
export type DocumentKind = 'markdown' | 'text';

/** Every extension indexed, lower case, and how its files are read: a new one is a line here. */
const kinds: Record<string, DocumentKind> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdx': 'markdown',
  '.txt': 'text',
};

/** The extensions read as `kind`, as listed above (for messages that name them). */
export function extensionsOf(kind: DocumentKind): string[] {
  return Object.keys(kinds).filter((extension) => kinds[extension] === kind);
}

/**
 * How a file is read, from its extension (case-insensitive: `UPPER.MD` is markdown); null: not
 * indexed.
 */
export function documentKind(path: string): DocumentKind | null {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  if (dot === -1) return null;
  return kinds[name.slice(dot).toLowerCase()] ?? null;
}
