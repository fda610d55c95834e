// Obsidian's `[[target#heading|alias]]` links and `![[target]]` embeds as a micromark extension
// (so `_` or `*` inside a note name never turn into emphasis) and its mdast side: a `wikiLink`
// node that the preview renders as a link into Folio, or an embed it loads when opened.
import type {
  CompileContext,
  Extension as FromMarkdownExtension,
  Token,
} from 'mdast-util-from-markdown';
import type { Code, Construct, Effects, Extension, State } from 'micromark-util-types';
import { DENDRON_VAULT } from '#shared/dendron-links.ts';

/** A parsed wikilink or embed. */
export interface WikiTarget {
  /** The note as written (no extension needed), '' for the note itself (`[[#Heading]]`). */
  note: string;
  /** The heading after the last `#` (`[[Note#A#B]]` → `B`), or null. */
  heading: string | null;
  /** A block id (`[[Note#^id]]`), or null. */
  block: string | null;
  /** What the link shows: the alias, else the target as written. */
  label: string;
}

/** The mdast node of a wikilink or an embed. */
export interface WikiLinkNode {
  type: 'wikiLink';
  /** `![[…]]`. */
  embed: boolean;
  /** The raw text between the brackets. */
  raw: string;
  children: [];
  data?: Record<string, unknown>;
}

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    wikiLink: 'wikiLink';
    wikiLinkEmbed: 'wikiLinkEmbed';
    wikiLinkMarker: 'wikiLinkMarker';
    wikiLinkData: 'wikiLinkData';
  }
}

declare module 'mdast' {
  interface PhrasingContentMap {
    wikiLink: WikiLinkNode;
  }
  interface RootContentMap {
    wikiLink: WikiLinkNode;
  }
}

/** The longest target read as a wikilink (a longer run of text stays text). */
const MAX_TARGET = 1000;
const BANG = 33;
const OPEN = 91;
const CLOSE = 93;

/**
 * Splits `raw` (between `[[` and `]]`) into note, heading, block and label, as the index reads
 * links (docs/links.md#what-is-a-link): `[[Note\|shown]]` is the table cell's escaped bar, and
 * Dendron's `[[label|dendron://vault/note]]` names the note after the bar.
 */
export function parseWikiTarget(raw: string): WikiTarget {
  const bar = raw.indexOf('|');
  let target = (bar === -1 ? raw : raw.slice(0, raw[bar - 1] === '\\' ? bar - 1 : bar)).trim();
  let alias = bar === -1 ? '' : raw.slice(bar + 1).trim();
  if (DENDRON_VAULT.test(alias)) [target, alias] = [alias, target];
  target = target.replace(DENDRON_VAULT, '');
  const [note = '', ...parts] = target.split('#');
  const last =
    parts
      .filter((part) => part.trim() !== '')
      .at(-1)
      ?.trim() ?? null;
  const block = last?.startsWith('^') ? last.slice(1) : null;
  const heading = block === null ? last : null;
  const shown = note.trim() === '' && heading ? heading : target.replace(/#\^?/g, ' › ');
  return { note: note.trim(), heading, block, label: alias || shown };
}

function tokenizeWikiLink(effects: Effects, ok: State, nok: State): State {
  let size = 0;
  const start: State = (code) => {
    effects.enter('wikiLink');
    if (code === BANG) {
      effects.enter('wikiLinkEmbed');
      effects.consume(code);
      effects.exit('wikiLinkEmbed');
      return first;
    }
    return first(code);
  };
  const first: State = (code) => {
    if (code !== OPEN) return nok(code);
    effects.enter('wikiLinkMarker');
    effects.consume(code);
    return second;
  };
  const second: State = (code) => {
    if (code !== OPEN) return nok(code);
    effects.consume(code);
    effects.exit('wikiLinkMarker');
    effects.enter('wikiLinkData');
    return data;
  };
  const data: State = (code: Code) => {
    if (code === null || code === OPEN || code < 0 || code === 10 || code === 13) return nok(code);
    if (code === CLOSE) {
      if (size === 0) return nok(code);
      effects.exit('wikiLinkData');
      effects.enter('wikiLinkMarker');
      effects.consume(code);
      return close;
    }
    if (++size > MAX_TARGET) return nok(code);
    effects.consume(code);
    return data;
  };
  const close: State = (code) => {
    if (code !== CLOSE) return nok(code);
    effects.consume(code);
    effects.exit('wikiLinkMarker');
    effects.exit('wikiLink');
    return ok;
  };
  return start;
}

const wikiLinkConstruct: Construct = { name: 'wikiLink', tokenize: tokenizeWikiLink };

/** The micromark syntax: tried before links and images at `[` and `!`. */
export const wikiLinkSyntax: Extension = {
  text: { [OPEN]: wikiLinkConstruct, [BANG]: wikiLinkConstruct },
};

/** mdast-util-from-markdown: `wikiLink` nodes. */
export const wikiLinkFromMarkdown: FromMarkdownExtension = {
  enter: {
    wikiLink(this: CompileContext, token: Token) {
      const node: WikiLinkNode = { type: 'wikiLink', embed: false, raw: '', children: [] };
      this.enter(node as never, token);
    },
  },
  exit: {
    wikiLinkEmbed(this: CompileContext) {
      (this.stack.at(-1) as unknown as WikiLinkNode).embed = true;
    },
    wikiLinkData(this: CompileContext, token: Token) {
      (this.stack.at(-1) as unknown as WikiLinkNode).raw = this.sliceSerialize(token);
    },
    wikiLink(this: CompileContext, token: Token) {
      this.exit(token);
    },
  },
};
