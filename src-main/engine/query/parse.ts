// The query parser (docs/design.md#the-query-language): tokens → tree. Precedence, highest first:
// phrases, field prefixes, negation, grouping, OR, implicit AND. It never fails: a stray `)` is
// ignored, an unclosed `(` closes at the end, an operator without an operand is dropped.
// `vault:`/`tree:` and `path:dir/` are filters of the whole query wherever they were typed.
import type { QueryField, QueryFilters, QueryNode, ParsedQuery } from './ast.ts';
import { DATE_FIELDS, parseDateFilter, type DateField } from '../dates/date-filter.ts';
import { lexQuery, type QueryToken } from './lex.ts';

/** Deeper groups are flattened into their parent: a 10 kB `((((…` must not exhaust the stack. */
const MAX_GROUP_DEPTH = 32;

type FilterNode =
  | { type: 'filter'; kind: 'vault' | 'path'; value: string }
  | { type: 'filter'; kind: DateField; value: string };
type Parsed = QueryNode | FilterNode | null;

// Obsidian's operators as an Obsidian user types them: `file:` is the path column (the file's
// name is in it), `content:` the body; `section:` is no field (it is absent here), since every
// Folio match is one section (docs/design.md#the-query-language).
const FIELDS: Record<string, QueryField | 'vault' | DateField> = {
  title: 'title',
  tags: 'tags',
  tag: 'tags',
  path: 'path',
  file: 'path',
  body: 'body',
  content: 'body',
  vault: 'vault',
  tree: 'vault',
  modified: 'modified',
  created: 'created',
  updated: 'updated',
  date: 'date',
};

class Parser {
  private index = 0;
  private depth = 0;
  private readonly tokens: QueryToken[];

  constructor(tokens: QueryToken[]) {
    this.tokens = tokens;
  }

  parseAll(): Parsed {
    return this.sequence(null, false);
  }

  private peek(): QueryToken | undefined {
    return this.tokens[this.index];
  }

  /** An implicit AND up to the `)` that closes the group (a stray `)` at the top is ignored). */
  private sequence(field: string | null, nested: boolean): Parsed {
    const children: Parsed[] = [];
    for (let token = this.peek(); token; token = this.peek()) {
      if (token.kind === 'close') {
        this.index++;
        if (nested) break;
      } else if (token.kind === 'or' || token.kind === 'and') this.index++;
      else children.push(this.or(field));
    }
    return makeAnd(children);
  }

  private or(field: string | null): Parsed {
    const parts = [this.unary(field)];
    while (this.peek()?.kind === 'or') {
      this.index++;
      const next = this.peek();
      if (!next || next.kind === 'close' || next.kind === 'or') break;
      parts.push(this.unary(field));
    }
    const kept = parts.filter((part): part is QueryNode | FilterNode => part !== null);
    if (kept.length <= 1) return kept[0] ?? null;
    return { type: 'or', children: kept as QueryNode[] };
  }

  private unary(field: string | null): Parsed {
    let negated = false;
    while (this.peek()?.kind === 'not') {
      this.index++;
      negated = true; // `--x` and `NOT -x` read as one negation
    }
    const operand = this.primary(field);
    if (!negated || operand === null) return operand;
    return { type: 'not', child: operand as QueryNode };
  }

  private primary(field: string | null): Parsed {
    const token = this.peek();
    if (!token) return null;
    this.index++;
    switch (token.kind) {
      case 'word':
        return leaf('term', token.text, field);
      case 'phrase':
        return leaf('phrase', token.text, field);
      case 'field': {
        // `title:tags:x`: the innermost prefix wins; looped, not recursed, for 10 kB inputs.
        let name = token.name;
        for (let next = this.peek(); next?.kind === 'field'; next = this.peek()) {
          name = next.name;
          this.index++;
        }
        return this.peek() ? this.primary(FIELDS[name] ?? null) : null;
      }
      case 'open':
        return this.group(field);
      default:
        // `OR`/`AND`/`)` where an operand was expected: consumed by the callers' loops.
        this.index--;
        return this.skip();
    }
  }

  private skip(): Parsed {
    this.index++;
    return null;
  }

  private group(field: string | null): Parsed {
    // Too deep: the `(` is dropped and what follows joins the enclosing group.
    if (this.depth >= MAX_GROUP_DEPTH) return null;
    this.depth++;
    const inner = this.sequence(field, true);
    this.depth--;
    return inner;
  }
}

function leaf(kind: 'term' | 'phrase', text: string, field: string | null): Parsed {
  if (field === 'vault') return { type: 'filter', kind: 'vault', value: text.toLowerCase() };
  if (DATE_FIELDS.includes(field as DateField)) {
    return { type: 'filter', kind: field as DateField, value: text };
  }
  if (field === 'path' && text.includes('/')) return { type: 'filter', kind: 'path', value: text };
  const column = (field as QueryField | null) ?? null;
  if (kind === 'phrase') return { type: 'phrase', text, field: column };
  const prefix = text.endsWith('*');
  const word = prefix ? text.replace(/\*+$/, '') : text;
  if (word.length === 0) return null;
  return { type: 'term', text: word, field: column, prefix };
}

function makeAnd(children: Parsed[]): Parsed {
  const kept: Array<QueryNode | FilterNode> = [];
  for (const child of children) {
    if (child === null) continue;
    if (child.type === 'and') kept.push(...child.children);
    else kept.push(child);
  }
  if (kept.length <= 1) return kept[0] ?? null;
  return { type: 'and', children: kept as QueryNode[] };
}

/**
 * Removes filter leaves from the tree into `filters`; a filter under a negation excludes. A date
 * filter whose value is no date searches its words as typed (`created:yesterday`).
 */
function hoist(
  node: Parsed,
  negated: boolean,
  filters: QueryFilters,
  now: number,
): QueryNode | null {
  if (node === null) return null;
  const n = node as QueryNode | FilterNode;
  if (n.type === 'filter' && n.kind !== 'vault' && n.kind !== 'path') {
    const filter = parseDateFilter(n.kind, n.value, now);
    if (filter) filters.dates.push({ ...filter, negated });
    else filters.notDates.push(`${n.kind}:${n.value}`);
    return filter ? null : plainWords(`${n.kind} ${n.value}`);
  }
  if (n.type === 'filter') {
    const value = n.kind === 'path' ? normalizePathPrefix(n.value) : n.value;
    if (value) {
      if (n.kind === 'vault') (negated ? filters.excludeVaults : filters.vaults).push(value);
      else (negated ? filters.excludePathPrefixes : filters.pathPrefixes).push(value);
    }
    return null;
  }
  if (n.type === 'not') {
    const child = hoist(n.child, !negated, filters, now);
    return child ? { type: 'not', child } : null;
  }
  if (n.type === 'and' || n.type === 'or') {
    const children = n.children
      .map((child) => hoist(child, negated, filters, now))
      .filter((child): child is QueryNode => child !== null);
    if (children.length <= 1) return children[0] ?? null;
    const flat = children.flatMap((child) => (child.type === n.type ? child.children : [child]));
    return { type: n.type, children: flat };
  }
  return n;
}

/** Text as the plain words of a query (no fields, no operators). */
function plainWords(text: string): QueryNode | null {
  const words = text.split(/[\s<>=]+/).filter((word) => word.length > 0);
  return makeAnd(words.map((word) => leaf('term', word, null))) as QueryNode | null;
}

/**
 * `docs/API/` stays (a folder at any depth); `./docs/API/` and `/docs/API/` → `/docs/API/` (from
 * the vault's root); the comparison itself is case-insensitive (search/topic.ts `pathTest`).
 */
function normalizePathPrefix(value: string): string {
  const rest = value.replace(/^(\.\/|\/)+/, '');
  return rest && (rest === value ? rest : `/${rest}`).normalize('NFC');
}

/**
 * Parses any string into a query tree and filters (docs/design.md#syntax-and-precedence). Never
 * throws.
 */
export function parseQuery(input: string, now: number = Date.now()): ParsedQuery {
  const filters: QueryFilters = {
    vaults: [],
    excludeVaults: [],
    pathPrefixes: [],
    excludePathPrefixes: [],
    dates: [],
    notDates: [],
  };
  const { tokens, leftOut } = lexQuery(input);
  const root = hoist(new Parser(tokens).parseAll(), false, filters, now);
  return leftOut ? { root, filters, leftOut } : { root, filters };
}
