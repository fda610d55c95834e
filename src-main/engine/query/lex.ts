// The query lexer: any string becomes a list of tokens; nothing is ever rejected
// (docs/design.md#any-input-is-valid).

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

/**
 * Splits a query into tokens: words, `"phrases"` (an unclosed quote runs to the end), parens,
 * operators.
 */
export function lexQuery(input: string): QueryToken[] {
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
