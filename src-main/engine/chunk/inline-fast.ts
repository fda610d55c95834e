// The plain text of one line of inline markdown made only of text, code spans, HTML tags and
// autolinks — the shape of most real headings with markup (`<a name="x"></a> Title`, `` `func` ``)
// — read without micromark. Anything else (emphasis, links, escapes, entities, strikethrough,
// GFM literal autolinks) returns null and goes to micromark (`heading-title.ts`); the property
// tests compare both.
//
// CommonMark 0.31 rules used: code spans and HTML tags/autolinks bind tighter than everything else
// and the one that starts first wins; a backtick run opens a span closed by the next run of the
// same length (else it is literal); a span's content loses one leading and one trailing space
// when it has both and is not all spaces; a `<` that starts no tag or autolink is literal.

const tagName = '[A-Za-z][A-Za-z0-9-]*';
const attribute = `(?:[ \\t]+[a-zA-Z_:][a-zA-Z0-9_.:-]*(?:[ \\t]*=[ \\t]*(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*"))?)`;
/** Inline HTML (open/closing tag, comment, declaration, CDATA; processing instructions aside). */
const html = new RegExp(
  `<${tagName}${attribute}*[ \\t]*/?>|</${tagName}[ \\t]*>|<!-->|<!--->|<!--[^]*?-->|<![A-Za-z][^>]*>|<!\\[CDATA\\[[^]*?\\]\\]>`,
  'y',
);
/** Autolinks: their text is what is between the brackets (a URI has no controls or spaces). */
const autolink =
  // eslint-disable-next-line no-control-regex -- the spec's URI autolink excludes U+0000–U+0020
  /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\x00-\x20]*|[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/y;

/** Characters that start constructs this reader leaves to micromark. */
const other = /[\\*_~[\]!&\0]/;

/**
 * Line breaks: inside a code span micromark keeps the next line's indentation, which decides
 * whether the span's edge space is padding, so multi-line (setext) titles are micromark's.
 */
const lineBreak = /[\r\n]/;

/** GFM literal autolinks (`www.`, `https://`, emails) may swallow a backtick: micromark's. */
const literalAutolink = /www\.|:\/\/|@/i;

/** The plain text of `content` (markers not yet collapsed), or null when micromark must read it. */
export function fastInlineText(content: string): string | null {
  if (literalAutolink.test(content) || lineBreak.test(content)) return null;
  let text = '';
  let index = 0;
  // Where the next `?>` is, found once and reused: a regex scan for it from every `<?` was
  // quadratic on a long heading of unclosed `<?` (a 240 KB line took seconds).
  let piClose = -2;
  while (index < content.length) {
    const next = nextSpecial(content, index);
    const plain = content.slice(index, next);
    if (other.test(plain)) return null;
    text += plain;
    if (next >= content.length) break;
    if (content.charCodeAt(next) === 96) {
      const span = codeSpan(content, next);
      if (span.end === -1) {
        text += content.slice(next, next + span.run);
        index = next + span.run;
      } else {
        text += span.text;
        index = span.end;
      }
      continue;
    }
    if (content.charCodeAt(next + 1) === 63) {
      // A processing instruction `<?…?>` is dropped; without a closing `?>` the `<` is text.
      if (piClose !== -1 && piClose < next + 2) piClose = content.indexOf('?>', next + 2);
      if (piClose !== -1) {
        index = piClose + 2;
        continue;
      }
    }
    html.lastIndex = next;
    if (html.test(content)) {
      index = html.lastIndex;
      continue;
    }
    autolink.lastIndex = next;
    const link = autolink.exec(content);
    if (link) {
      text += link[1];
      index = autolink.lastIndex;
      continue;
    }
    text += '<';
    index = next + 1;
  }
  return text;
}

/** Index of the next backtick or `<` from `from`, or the length. */
function nextSpecial(content: string, from: number): number {
  for (let index = from; index < content.length; index++) {
    const code = content.charCodeAt(index);
    if (code === 96 || code === 60) return index;
  }
  return content.length;
}

/** The code span opened by the backtick run at `start`: its text and end, or `end` -1. */
function codeSpan(content: string, start: number): { run: number; end: number; text: string } {
  let run = 0;
  while (content.charCodeAt(start + run) === 96) run++;
  let index = start + run;
  while (index < content.length) {
    const open = content.indexOf('`', index);
    if (open === -1) break;
    let length = 0;
    while (content.charCodeAt(open + length) === 96) length++;
    if (length === run) {
      let inner = content.slice(start + run, open);
      if (inner.length >= 2 && inner.startsWith(' ') && inner.endsWith(' ') && /[^ ]/.test(inner)) {
        inner = inner.slice(1, -1);
      }
      // micromark reads NUL as U+FFFD before parsing, inside code spans as anywhere.
      return { run, end: open + length, text: inner.replaceAll('\0', '\uFFFD') };
    }
    index = open + length;
  }
  return { run, end: -1, text: '' };
}
