// What the preview's recursive view needs from the window, passed down as one object.
import type { PreviewRender } from './preview-render.ts';
import type { ImageBase } from './hast-attributes.ts';

/** A wikilink's state: the node it leads to, `null` when missing, `undefined` while resolving. */
export type LinkState = string | null | undefined;

/** An embed, loaded: its place, and what to show. */
export interface EmbedContent {
  /** Where the embedded section is (`vault · path`), or why it could not be loaded. */
  caption: string;
  render: PreviewRender | null;
  /** Its markdown, for the plain-text fallback. */
  markdown: string;
}

/** Callbacks and settings shared by every level of the rendered tree. */
export interface PreviewContext {
  /** A link was activated: `href` is an in-page `#anchor` or an http(s)/mailto URL. */
  onlink: (href: string) => void;
  /** Where relative images resolve (the app's vault protocol); null: never load images. */
  imageBase: ImageBase | null;
  /** Where wikilink `raw` (the text between the brackets) leads. */
  linkState: (raw: string) => LinkState;
  /** A wikilink was activated. */
  onwiki: (raw: string) => void;
  /** Loads an embed when opened; null inside an embed (embeds in embeds show as links). */
  loadEmbed: ((raw: string) => Promise<EmbedContent>) | null;
  /** Copies a code block's text (its *Copy* button); null: code blocks have no button. */
  oncopycode: ((text: string) => void) | null;
}
