// A breadcrumb as people read it. The engine's breadcrumb is `> Note › Section › …`
// (docs/design.md#titles-paths-and-breadcrumbs): the `> ` marks it in exports, where a copy quotes
// it; in the window it would read as a stray quote sign (docs/ui.md#results). A heading with no
// text (`##` alone) has the title '' in the index; the window names it `(untitled section)`
// (docs/ui.md#untitled-sections). A wikilink in a heading (`## See [[dataview|Dataview]]`) shows as
// Obsidian shows it, by its alias or target (docs/ui.md#wikilinks-in-headings).

const SEPARATOR = ' › ';

/** What the window shows for a heading with no text. */
export const UNTITLED = '(untitled section)';

/** `[[target#heading|alias]]` (or an embed, `![[…]]`): the syntax of a wikilink. */
const WIKILINK = /!?\[\[([^\]|#^\n]*)([#^][^\]|\n]*)?(?:\|([^\]\n]*))?\]\]/g;

/** `text` with each wikilink as Obsidian shows it: its alias, else its target and heading. */
export function linkText(text: string): string {
  if (!text.includes('[[')) return text;
  return text.replace(WIKILINK, (link, target: string, anchor = '', alias?: string) => {
    if (alias !== undefined && alias.trim() !== '') return alias.trim();
    const heading = /^#[^^]/.test(anchor) ? anchor.slice(1) : ''; // not a block (`#^id`)
    const shown = [target.trim(), heading.trim()].filter((part) => part !== '').join(' > ');
    return shown === '' ? link : shown;
  });
}

/** `title` as shown: `UNTITLED` for a heading with no text, its wikilinks as their text. */
export function titleText(title: string): string {
  return title === '' ? UNTITLED : linkText(title);
}

/**
 * A breadcrumb's empty parts: a part starts after the separator (or at the start) and ends
 * before one (or at the end). Titles are trimmed (SPEC 2.1), so no title begins or ends with the
 * separator's spaces, and only an empty part puts a separator right after another.
 */
const EMPTY_PART = /(?<=^| › )(?= › |$)/g;

function named(crumb: string): string {
  return crumb === '' ? '' : linkText(crumb.replace(EMPTY_PART, UNTITLED));
}

function withoutMarker(breadcrumb: string): string {
  return breadcrumb.startsWith('> ') ? breadcrumb.slice(2) : breadcrumb;
}

/**
 * `breadcrumb` without its leading `> `, a heading with no text named `UNTITLED`, wikilinks as
 * their text.
 */
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
