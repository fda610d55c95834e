// The links part of the contract (docs/links.md): a document's outgoing links and backlinks, and
// the links of a vault that name no note. Re-exported by api.ts, which callers import.

export interface LinksRequest {
  docId: string;
  /** Backlinks returned at most (default 200; `backlinkCount` counts them all). */
  limit?: number;
  /** Outgoing links returned at most (default 200; `outgoingCount` counts them all). */
  outgoingLimit?: number;
}

/** A link of the document to another note or a place in one. */
export interface OutgoingLink {
  /** The node (section) holding the link. */
  from: string;
  /** The node or document it points to; null when it names no indexed note. */
  to: string | null;
  /** As written: a wikilink's inner text (`note#heading|shown`), a Markdown link's destination. */
  target: string;
  /** `![[…]]` or `![…](…)`. */
  embed: boolean;
}

/** A section of another note (or this one) that links to the document. */
export interface Backlink {
  /** The linking section. */
  from: string;
  /** Where it points in this document: the document or one of its sections. */
  to: string | null;
  target: string;
  /**
   * The text around the link as a reader sees it: its line with the Markdown dropped, as in
   * snippets, cut to about 120 characters each side of the link's text (docs/links.md#backlinks).
   */
  context: string;
  /** Where the link's text is in `context` (UTF-16 offsets; empty where it shows no text). */
  contextLink: [number, number];
  /** The linking document. */
  docId: string;
  /** Display breadcrumb of the linking section. */
  breadcrumb: string;
  embed: boolean;
}

export interface LinksResponse {
  docId: string;
  /** In the order of the document; at most the request's `outgoingLimit`. */
  outgoing: OutgoingLink[];
  /** Every outgoing link, including those beyond `outgoingLimit`. */
  outgoingCount: number;
  /** By linking document path, then position in it; at most the request's `limit`. */
  backlinks: Backlink[];
  /** Every backlink, including those beyond `limit`. */
  backlinkCount: number;
}

export interface UnresolvedLinksRequest {
  /** Only this vault's; absent: every vault. */
  vault?: string;
  /** Targets returned at most (default 200). */
  limit?: number;
}

/** A note that links name but that does not exist (yet). */
export interface UnresolvedLink {
  vault: string;
  /** The name as the first link wrote it. */
  target: string;
  /** Links to it. */
  count: number;
  /** Up to five sections holding such links. */
  from: string[];
}
