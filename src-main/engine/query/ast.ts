// The query language (docs/design.md#the-query-language) as data: what the parser produces and the
// compiler consumes.
import type { DateFilter } from '../dates/date-filter.ts';

/** A column a term can be restricted to (`title:`, `tags:`, `path:`, `body:`). */
export type QueryField = 'title' | 'tags' | 'path' | 'body';

/**
 * A word as typed; `prefix` when it ended in `*`; `typing` when it is the word still being typed
 * (docs/design.md#the-word-being-typed).
 */
export interface TermNode {
  type: 'term';
  text: string;
  field: QueryField | null;
  prefix: boolean;
  typing?: boolean;
}

/** A quoted phrase as typed (without the quotes). */
export interface PhraseNode {
  type: 'phrase';
  text: string;
  field: QueryField | null;
}

/** All children must match. */
export interface AndNode {
  type: 'and';
  children: QueryNode[];
}

/** At least one child must match. */
export interface OrNode {
  type: 'or';
  children: QueryNode[];
}

/** The child must not match (only meaningful beside something that must). */
export interface NotNode {
  type: 'not';
  child: QueryNode;
}

/** A node of the query tree. */
export type QueryNode = TermNode | PhraseNode | AndNode | OrNode | NotNode;

/** Restrictions that hold for the whole query, wherever they were typed. */
export interface QueryFilters {
  /** `vault:x` / `tree:x`: only these vaults (any of them). */
  vaults: string[];
  /** `-vault:x`: never these vaults. */
  excludeVaults: string[];
  /** `path:dir/`: only paths starting with one of these (case-insensitive). */
  pathPrefixes: string[];
  /** `-path:dir/`: never paths starting with these. */
  excludePathPrefixes: string[];
  /** `modified:>2026-01-01`, `created:2025`, `-modified:<30d`: every one holds. */
  dates: DateFilter[];
  /**
   * Date filters whose value is no date (`modified:<abc`, `created:yesterday`), as typed: their
   * words are searched instead, and the response names them (docs/design.md#date-filters).
   */
  notDates: string[];
}

/** A parsed query: the match tree (null when nothing searchable was typed) and its filters. */
export interface ParsedQuery {
  root: QueryNode | null;
  filters: QueryFilters;
  /**
   * The words after the query's first `MAX_QUERY_WORDS`, left out of it: how many, and the first
   * as typed (docs/decisions.md#a-query-searches-its-first-32-words). Absent when none were.
   */
  leftOut?: { words: number; from: string };
}
