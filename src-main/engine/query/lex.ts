// The query lexer: any string becomes a list of tokens; nothing is ever rejected
// (docs/design.md#any-input-is-valid). A query searches its first `MAX_QUERY_WORDS` words; the
// tokens after them are dropped here, and what they held is told (`LexedQuery.leftOut`).
import { MAX_QUERY_WORDS } from '#shared/query-words.ts';

/** A lexical token of the query language. */
export type QueryToken =
  | { kind: 'word'; text: string }
  | { kind: 'phrase'; text: string }
  | { kind: 'field'; name: string }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'or' }
  | { kind: 'and' }
  | { kind: 'not' };

/** Field prefixes; `file:`, `content:` and `section:` are Obsidian's (docs/design.md#the-query-language). */
const FIELD =
  /^(title|tags|tag|path|file|body|content|section|vault|tree|modified|created|updated|date):/i;
const SPACE = /\s/;

function isBoundary(char: string | undefined): boolean {
  return char === undefined || SPACE.test(char) || char === '(' || char === ')' || char === '"';
}

function isNegatable(next: string | undefined): boolean {
  return next !== undefined && !SPACE.test(next) && next !== ')' && next !== '-';
}

function readWord(input: string, start: number): number {
  let end = start;
  while (end < input.length && !isBoundary(input[end])) end++;
  return end;
}

function pushWord(word: string, out: QueryToken[]): void {
  if (word === 'OR' || word === '|' || word === '||') out.push({ kind: 'or' });
  else if (word === 'AND' || word === '&&') out.push({ kind: 'and' });
  else if (word === 'NOT') out.push({ kind: 'not' });
  else out.push({ kind: 'word', text: word });
}

/** A query's tokens, up to its `MAX_QUERY_WORDS`th word. */
export interface LexedQuery {
  tokens: QueryToken[];
  /** What the words after the first `MAX_QUERY_WORDS` were: how many, the first as typed. */
  leftOut: { words: number; from: string } | null;
}

/** Fields whose value filters rather than searches (`path:` when its value holds a `/`). */
const FILTER_FIELDS = new Set(['vault', 'tree', 'modified', 'created', 'updated', 'date']);

/**
 * The words of token `i` that count towards `MAX_QUERY_WORDS`: a word, a phrase's words; none for
 * operators, parentheses, field prefixes, or a filter's value (`vault:work`, `path:docs/`).
 */
function countedWords(tokens: QueryToken[], i: number): string[] {
  const token = tokens[i]!;
  if (token.kind !== 'word' && token.kind !== 'phrase') return [];
  const field = tokens[i - 1];
  if (field?.kind === 'field') {
    if (FILTER_FIELDS.has(field.name)) return [];
    if ((field.name === 'path' || field.name === 'file') && token.text.includes('/')) return [];
  }
  return token.kind === 'word' ? [token.text] : token.text.split(/\s+/).filter(Boolean);
}

/** True when token `i` is a filter's value: it narrows the search, and is kept past the limit. */
function isFilter(tokens: QueryToken[], i: number): boolean {
  const token = tokens[i]!;
  return (
    (token.kind === 'word' || token.kind === 'phrase') &&
    tokens[i - 1]?.kind === 'field' &&
    countedWords(tokens, i).length === 0
  );
}

/** A filter's tokens: its field and value, after the negation before them if any. */
function filterTokens(tokens: QueryToken[], i: number): QueryToken[] {
  const negated = tokens[i - 2]?.kind === 'not';
  return tokens.slice(negated ? i - 2 : i - 1, i + 1);
}

/**
 * Splits a query into tokens — words, `"phrases"` (an unclosed quote runs to the end), parens,
 * operators — up to its `MAX_QUERY_WORDS`th word (docs/decisions.md#a-query-searches-its-first-32-words):
 * a word, or a phrase's words, each count; operators, parentheses, field prefixes and filters do
 * not. A phrase that crosses the limit keeps its words before it; of the tokens after it, only
 * filters are kept (`vault:work` at the end of a pasted page still applies).
 */
export function lexQuery(input: string): LexedQuery {
  const all = allTokens(input);
  let count = 0;
  for (let i = 0; i < all.length; i++) {
    const words = countedWords(all, i);
    if (count + words.length <= MAX_QUERY_WORDS) {
      count += words.length;
      continue;
    }
    const kept = MAX_QUERY_WORDS - count;
    const tokens = all.slice(0, i);
    if (kept > 0) tokens.push({ kind: 'phrase', text: words.slice(0, kept).join(' ') });
    // A negation or field prefix of the word left out goes with it.
    else while (tokens.at(-1)?.kind === 'not' || tokens.at(-1)?.kind === 'field') tokens.pop();
    let left = words.length - kept;
    for (let j = i + 1; j < all.length; j++) {
      left += countedWords(all, j).length;
      if (isFilter(all, j)) tokens.push(...filterTokens(all, j));
    }
    return { tokens, leftOut: { words: left, from: words[kept]! } };
  }
  return { tokens: all, leftOut: null };
}

function allTokens(input: string): QueryToken[] {
  const out: QueryToken[] = [];
  let i = 0;
  while (i < input.length) {
    const char = input[i]!;
    if (SPACE.test(char)) i++;
    else if (char === '(') {
      out.push({ kind: 'open' });
      i++;
    } else if (char === ')') {
      out.push({ kind: 'close' });
      i++;
    } else if (char === '"') {
      const close = input.indexOf('"', i + 1);
      const end = close === -1 ? input.length : close;
      out.push({ kind: 'phrase', text: input.slice(i + 1, end) });
      i = end + 1;
    } else if (char === '-' && isNegatable(input[i + 1])) {
      // `-word`, `-"phrase"`, `-(group)` negate; a dash alone or inside a word does not.
      out.push({ kind: 'not' });
      i++;
    } else {
      const end = readWord(input, i);
      const word = input.slice(i, end);
      const field = FIELD.exec(word);
      if (field) {
        out.push({ kind: 'field', name: field[1]!.toLowerCase() });
        // The value is a word even when it reads like an operator (`title:OR`).
        if (word.length > field[0].length)
          out.push({ kind: 'word', text: word.slice(field[0].length) });
      } else pushWord(word, out);
      i = end;
    }
  }
  return out;
}
