// How a note is named where people read it (docs/design.md#display-titles). A note's title is
// its frontmatter title, else its first h1, else its file name; when it is only the file name
// ("ch12-03-improving-error-handling-and-modularity") and the note has a heading, people read
// the first heading (any level) instead. The index keeps the title of the specification; these
// are the names the app, quick search and the MCP server show.
import { fileStem } from '../chunk/chunk-document.ts';
import type { FileBrief } from '../store/index-reader.ts';

/** The part of a file's record naming needs. */
export type NamedFile = Pick<FileBrief, 'path' | 'file_title' | 'first_heading'>;

/** The note's name for display: its title, or its first heading when the title is its file name. */
export function displayTitle(file: NamedFile): string {
  const heading = file.first_heading?.trim();
  return heading && file.file_title === fileStem(file.path) ? heading : file.file_title;
}

/** Separator of a breadcrumb's parts (docs/design.md#titles-paths-and-breadcrumbs). */
const SEPARATOR = ' › ';

/**
 * `breadcrumb` (`> Title › Section › …`) with the note named by its display title; the first
 * heading is not said twice when it became the note's name.
 */
export function displayBreadcrumb(file: NamedFile, breadcrumb: string): string {
  const name = displayTitle(file);
  const prefix = `> ${file.file_title}`;
  if (name === file.file_title || !breadcrumb.startsWith(prefix)) return breadcrumb;
  let rest = breadcrumb.slice(prefix.length);
  if (rest !== '' && !rest.startsWith(SEPARATOR)) return breadcrumb;
  const repeated = SEPARATOR + name;
  if (rest === repeated || rest.startsWith(repeated + SEPARATOR))
    rest = rest.slice(repeated.length);
  return `> ${name}${rest}`;
}
