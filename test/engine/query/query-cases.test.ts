// What the user typed → the query tree → the FTS5 expression (Notesnook's table of
// cases). Every term reaches FTS5 analysed and quoted; filters leave the tree.
import { describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../../src-main/engine/analysis/analyzer.ts';
import { compileQuery, matchExpression } from '../../../src-main/engine/query/compile.ts';
import { parseQuery } from '../../../src-main/engine/query/parse.ts';
import { showQuery } from './show-ast.ts';

const analyzer = createAnalyzer('english');

// [input, tree (see show-ast.ts), FTS5 expression or null when nothing can match]. A bare stop
// word ("a", "from") is not a required term unless the query has nothing else (stop-words.test.ts).
const CASES: Array<[string, string, string | null]> = [
  ['error handling', '(and error handling)', '("error" AND "handl")'],
  ['"error handling"', '"error handling"', '"error handl"'],
  ['-legacy', '-legacy', null],
  ['error -legacy', '(and error -legacy)', '"error" NOT ("legaci")'],
  ['rust OR golang', '(or rust golang)', '("rust" OR "golang")'],
  [
    '(rust async) OR (go goroutine)',
    '(or (and rust async) (and go goroutine))',
    '(("rust" AND "async") OR ("go" AND "goroutin"))',
  ],
  ['title:guide', 'title:guide', '{title} : ("guid")'],
  ['tags:x', 'tags:x', '{tags} : ("x")'],
  ['path:x', 'path:x', '{path} : ("x")'],
  ['body:x', 'body:x', '{body} : ("x")'],
  ['tree:work', '∅ vault=work', null],
  ['vault:work auth', 'auth vault=work', '"auth"'],
  ['path:api/', '∅ path=api/', '{path} : ("api")'],
  ['path:api/ auth', 'auth path=api/', '("auth" AND {path} : ("api"))'],
  ['path:/api/', '∅ path=/api/', '{path} : (^"api")'],
  ['path:./docs/Han', '∅ path=/docs/Han', '{path} : (^"doc han" *)'],
  ['path:/', '∅', null],
  ['hand*', 'hand*', '"hand" *'],
  ['Handling', 'Handling', '"handl"'],
  ['naïve café', '(and naïve café)', '("naiv" AND "cafe")'],
  ['Error-Handling', 'Error-Handling', '"error handl"'],
  ['std::vector', 'std::vector', '"std vector"'],
  ['push_back', 'push_back', '"push back"'],
  ['C++', 'C++', '"c"'],
  ['"error handling" -legacy', '(and "error handling" -legacy)', '"error handl" NOT ("legaci")'],
  ['title:guide rust', '(and title:guide rust)', '({title} : ("guid") AND "rust")'],
  ['a b OR c d', '(and a (or b c) d)', '(("b" OR "c") AND "d")'],
  ['a OR b OR c', '(or a b c)', '("a" OR "b" OR "c")'],
  ['a OR', 'a', '"a"'],
  ['OR a', 'a', '"a"'],
  ['OR', '∅', null],
  ['AND', '∅', null],
  ['NOT', '∅', null],
  ['a AND b', '(and a b)', '"b"'],
  ['NOT a b', '(and -a b)', '"b" NOT ("a")'],
  ['-', '-', null],
  ['--a', '--a', '"a"'],
  ['- a', '(and - a)', '"a"'],
  ['a -', '(and a -)', '"a"'],
  ['(', '∅', null],
  [')', '∅', null],
  ['()', '∅', null],
  ['((a b)', '(and a b)', '"b"'],
  ['a) b', '(and a b)', '"b"'],
  ['"', '""', null],
  ['""', '""', null],
  ['"unclosed phrase', '"unclosed phrase"', '"unclos phrase"'],
  ['title:', '∅', null],
  ['title:"x y"', 'title:"x y"', '{title} : ("x y")'],
  ['title:(a b)', '(and title:a title:b)', '({title} : ("a") AND {title} : ("b"))'],
  ['title:(a OR b)', '(or title:a title:b)', '({title} : ("a") OR {title} : ("b"))'],
  ['TITLE:Guide', 'title:Guide', '{title} : ("guid")'],
  ['tag:x', 'tags:x', '{tags} : ("x")'],
  // Obsidian's operators: file: is the path column, content: the body, section: no field.
  ['file:Dataview', 'path:Dataview', '{path} : ("dataview")'],
  ['file:api/', '∅ path=api/', '{path} : ("api")'],
  ['content:x', 'body:x', '{body} : ("x")'],
  ['section:(alpha beta)', '(and alpha beta)', '("alpha" AND "beta")'],
  ['foo:bar', 'foo:bar', '"foo bar"'],
  ['title:tags:x', 'title:tags:x', '{title} : ("tag x")'],
  ['path:docs/Api/Han', '∅ path=docs/Api/Han', '{path} : ("doc api han" *)'],
  ['-path:api/ x', 'x !path=api/', '"x"'],
  ['-vault:work x', 'x !vault=work', '"x"'],
  ['tree:Work x', 'x vault=work', '"x"'],
  ['"a" b "c"', '(and "a" b "c")', '("a" AND "b" AND "c")'],
  ['a"b', '(and a "b")', '"b"'],
  ['x*y', 'x*y', '"x y"'],
  ['*', '∅', null],
  ['**', '∅', null],
  ['hand**', 'hand*', '"hand" *'],
  ['"error handl*"', '"error handl*"', '"error handl"'],
  ['日本語', '日本語', '"日本 本語"'],
  ['京', '京', '"京" *'],
  ['東京 タワー', '(and 東京 タワー)', '("東京" AND "タワ ワー")'],
  ['Ｆｕｌｌｗｉｄｔｈ', 'Ｆｕｌｌｗｉｄｔｈ', '"fullwidth"'],
  ['NEAR(a b)', '(and NEAR a b)', '("near" AND "b")'],
  ['a:b', 'a:b', '"a b"'],
  ['^a', '^a', '"a"'],
  ['a + b', '(and a + b)', '"b"'],
  ['{title}: x', '(and {title}: x)', '("titl" AND "x")'],
  ["'; DROP TABLE nodes; --", "(and '; DROP TABLE nodes; --)", '("drop" AND "tabl" AND "node")'],
  ['SELECT * FROM fts', '(and SELECT FROM fts)', '("select" AND "fts")'],
  ['x AND OR y', '(and x y)', '("x" AND "y")'],
  ['(a OR -b)', '(or a -b)', '"a"'],
  ['-(a b) c', '(and -(and a b) c)', '"c" NOT (("a" AND "b"))'],
  ['a OR (b -c)', '(or a (and b -c))', '("a" OR (("b") NOT ("c")))'],
  ['title:(a -b)', '(and title:a -title:b)', '{title} : ("a") NOT ({title} : ("b"))'],
  ['vault:a vault:b x', 'x vault=a vault=b', '"x"'],
  ['(vault:a x) OR y', '(or x y) vault=a', '("x" OR "y")'],
  [
    'reallylongwordthatiswaymorethanfortycharacterslongyes',
    'reallylongwordthatiswaymorethanfortycharacterslongyes',
    null,
  ],
  [
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa b',
    '(and aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa b)',
    '"b"',
  ],
];

describe('query parser and compiler', () => {
  it('has a table of at least 60 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(CASES)('%j', (input, tree, fts) => {
    const parsed = parseQuery(input);
    expect(showQuery(parsed)).toBe(tree);
    expect(matchExpression(compileQuery(parsed, analyzer))).toBe(fts);
  });
});
