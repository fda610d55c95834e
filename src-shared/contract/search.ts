// The contract's search requests and results:
// part of the one contract (docs/architecture.md#one-contract), re-exported by api.ts.

/** A search: one or more topics (docs/design.md#multi-topic-search). */
export interface SearchRequest {
  /**
   * The topics; each is a query in the language of docs/design.md#the-query-language. Empty topics
   * are ignored.
   */
  queries: string[];
  /** How many merged results to return (default: the `resultLimit` setting). */
  limit?: number;
  /**
   * Turn off partial matches (docs/design.md#whole-and-partial-matches): only results matching
   * every required term.
   */
  strict?: boolean;
  /**
   * The queries are being typed (as-you-type search): a query's last word, when nothing follows
   * it, also matches as a prefix, and full words rank above completions
   * (docs/design.md#the-word-being-typed). The app sets it; the CLI and MCP do not.
   */
  typing?: boolean;
  /**
   * The order of the results (docs/design.md#date-filters): `relevance` (default), or newest
   * first by `modified` (the file's time) or `created` (frontmatter `created`, else `date`;
   * results without one come last, by relevance).
   */
  sort?: SearchSort;
  /**
   * Marks a search typed in a window (docs/design.md#a-newer-search-supersedes-an-older-one): a
   * newer search from the same window supersedes this one, which is then answered with the error
   * `superseded` unless it already finished. The CLI and MCP leave it out.
   */
  supersede?: SearchTicket;
  /**
   * What each result carries: `full` (default), or `text` for a caller that shows results as
   * text — `matchRanges` and the HTML `snippet` are left empty (`snippetSegments` is whole), so
   * they are not computed (the MCP server; docs/mcp.md#speed).
   */
  detail?: SearchDetail;
}

/** How much of each result a search builds (`SearchRequest.detail`). */
export type SearchDetail = 'full' | 'text';

/** Which window a search came from, and its place in that window's sequence of searches. */
export interface SearchTicket {
  /** The window's own id (any string, 1–64 characters, fixed for the window's life). */
  client: string;
  /** Grows with each search the window sends. */
  seq: number;
}

/** How results are ordered. */
export type SearchSort = 'relevance' | 'modified' | 'created';

/** A piece of a snippet: highlighted (`match`) or not. The renderer renders these as elements. */
export interface SnippetSegment {
  text: string;
  match: boolean;
}

/**
 * One merged result (docs/design.md#the-result-record). Byte offsets are UTF-8 offsets into the
 * file as indexed.
 */
export interface SearchResult {
  /** Node id: `vault:path` for a document, `vault:path#slug` for a section. */
  id: string;
  docId: string;
  vault: string;
  path: string;
  title: string;
  /** Display breadcrumb: `> File › Section › Sub`. */
  breadcrumb: string;
  /**
   * What the app shows (docs/design.md#display-titles): `title`, or for a note's own result its
   * first heading when its title is only its file name; `breadcrumb` naming the note so.
   */
  displayTitle: string;
  displayBreadcrumb: string;
  depth: number;
  /** Positive, higher is better. */
  score: number;
  /** ≈150 characters around the matches; matches wrapped in `<b>…</b>`, the rest HTML-escaped. */
  snippet: string;
  /** The same snippet as plain segments, for rendering without HTML. */
  snippetSegments: SnippetSegment[];
  /** Byte ranges of the matched terms in the source file. */
  matchRanges: Array<[number, number]>;
  byteStart: number;
  byteEnd: number;
  headingStart: number;
  startLine: number;
  endLine: number;
  /** Every node id this result absorbed, transitively. */
  mergedFrom: string[];
  /** True when the result matches only some of the query's required terms. */
  partial: boolean;
  /**
   * The required terms this result matched (all of them unless `partial`). A merged result
   * lists those of its best single node (itself or one it absorbed, the most terms, then the
   * best score): sections each holding some of the terms do not make their parent match all.
   */
  matchedTerms: string[];
  /**
   * The queries this result matched, as indexes into the request's `queries` (several with
   * multi-topic search), in ascending order.
   */
  topics: number[];
  /** The note's modification time (epoch ms). */
  modified: number;
  /** Its frontmatter `created` (else `date`), epoch ms; null when it gives neither. */
  created: number | null;
}

export interface SearchResponse {
  results: SearchResult[];
  /** The analysed terms used for highlighting (lower-case surface forms typed by the user). */
  terms: string[];
  /**
   * The queries that found nothing, as indexes into the request's `queries`, ascending (empty
   * queries are not searched and not listed). With several topics the others may fill the list:
   * only this says that one topic found nothing (docs/design.md#multi-topic-search).
   */
  unmatchedTopics: number[];
  /**
   * Date filters of the queries whose value is no date (`modified:<abc`), as typed, each once: their
   * words were searched instead, so a mistyped filter is not silently a word
   * (docs/design.md#date-filters).
   */
  notDates: string[];
  /**
   * The queries longer than `MAX_QUERY_WORDS` (src-shared/query-words.ts): what each left out.
   * Absent when none was (docs/decisions.md#a-query-searches-its-first-32-words).
   */
  wordsLeftOut?: WordsLeftOut[];
  /** Time spent in the engine, in milliseconds. */
  tookMs: number;
}

/** What a query longer than `MAX_QUERY_WORDS` left out: its words from `from` on. */
export interface WordsLeftOut {
  /** The query's index in the request's `queries`. */
  topic: number;
  /** How many words were left out. */
  words: number;
  /** The first word left out, as typed. */
  from: string;
}
