// Dendron's cross-vault prefix on a wikilink's note, `dendron://vault-name/` (docs/links.md#dendron):
// read past by the index, by snippets and by the preview alike. No Obsidian note can be named so
// (a `:` is not allowed in its file names), so reading past it changes no Obsidian link.

/** `dendron://vault-name/` at the start of a wikilink's target or label. */
export const DENDRON_VAULT = /^\s*dendron:\/\/[^/|]*\//i;

/**
 * A Dendron note reference's range after a wikilink's `#`: `start,1`, `start,1:#end` or
 * `start:#end` (a line offset, an end anchor); group 1 its start anchor. Snippets show the start
 * alone: the range is an address, not text (docs/links.md#dendron).
 */
export const DENDRON_RANGE = /^([^,:#]+)(?:,\d+(?::#.*)?|:#.*)$/s;
