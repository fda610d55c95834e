// A breadcrumb as people read it. The engine's breadcrumb is `> Note › Section › …`
// (docs/design.md#titles-paths-and-breadcrumbs): the `> ` marks it in exports, where a copy quotes
// it; in the window it would read as a stray quote sign (docs/ui.md#results).

const SEPARATOR = ' › ';

/** `breadcrumb` without its leading `> `. */
export function crumbText(breadcrumb: string): string {
  return breadcrumb.startsWith('> ') ? breadcrumb.slice(2) : breadcrumb;
}

/**
 * The parts of `breadcrumb` above `title` (a result row shows its title on the line below): ''
 * for a note's own result, whose breadcrumb is its title alone.
 */
export function crumbParents(breadcrumb: string, title: string): string {
  const text = crumbText(breadcrumb);
  if (text === title) return '';
  return text.endsWith(SEPARATOR + title)
    ? text.slice(0, -(SEPARATOR.length + title.length))
    : text;
}
