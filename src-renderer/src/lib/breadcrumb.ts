// A breadcrumb as people read it. The engine's breadcrumb is `> Note › Section › …`
// (docs/design.md#titles-paths-and-breadcrumbs): the `> ` marks it in exports, where a copy quotes
// it; in the window it would read as a stray quote sign (docs/ui.md#results). A heading with no
// text (`##` alone) has the title '' in the index; the window names it `(untitled section)`
// (docs/ui.md#untitled-sections).

const SEPARATOR = ' › ';

/** What the window shows for a heading with no text. */
export const UNTITLED = '(untitled section)';

/** `title`, or `UNTITLED` for a heading with no text. */
export function titleText(title: string): string {
  return title === '' ? UNTITLED : title;
}

/**
 * A breadcrumb's empty parts: a part starts after the separator (or at the start) and ends
 * before one (or at the end). Titles are trimmed (SPEC 2.1), so no title begins or ends with the
 * separator's spaces, and only an empty part puts a separator right after another.
 */
const EMPTY_PART = /(?<=^| › )(?= › |$)/g;

function named(crumb: string): string {
  return crumb === '' ? '' : crumb.replace(EMPTY_PART, UNTITLED);
}

function withoutMarker(breadcrumb: string): string {
  return breadcrumb.startsWith('> ') ? breadcrumb.slice(2) : breadcrumb;
}

/** `breadcrumb` without its leading `> `, a heading with no text named `UNTITLED`. */
export function crumbText(breadcrumb: string): string {
  return named(withoutMarker(breadcrumb));
}

/**
 * The parts of `breadcrumb` above `title` (a result row shows its title on the line below): ''
 * for a note's own result, whose breadcrumb is its title alone.
 */
export function crumbParents(breadcrumb: string, title: string): string {
  const text = withoutMarker(breadcrumb);
  if (text === title) return '';
  return named(
    text.endsWith(SEPARATOR + title) ? text.slice(0, -(SEPARATOR.length + title.length)) : text,
  );
}
