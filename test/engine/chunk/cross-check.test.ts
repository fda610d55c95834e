// Heading detection cross-checked against an independent CommonMark implementation, commonmark.js,
// over every file of every corpus in ../shared/corpora: the same top-level headings (level, first
// and last line), file by file, with zero differing files.
//
// commonmark.js knows neither frontmatter nor GFM: the frontmatter block is blanked (its lines
// kept, so line numbers stay), and a BOM is removed (remark skips it too). GFM tables never
// changed a heading in these corpora; were one to, it would show here as a differing file.
// One legitimate difference is reconciled: for a setext heading right after link reference
// definitions, both remark and commonmark.js start the heading node at the first definition line,
// while the chunker starts the heading line at its text (docs/design.md#headings: its text lines
// and underline), so a setext heading may start later here than there.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as commonmark from 'commonmark';
import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../../src-main/engine/chunk/chunk-document.ts';
import { decodeSource } from '../../../src-main/engine/chunk/source-text.ts';
import { CORPORA_DIR } from '../../support/corpora.ts';

const corporaDir = CORPORA_DIR;
const corpora = readdirSync(corporaDir).filter((name) =>
  statSync(join(corporaDir, name)).isDirectory(),
);

interface Seen {
  level: number;
  first: number;
  last: number;
}

function commonmarkHeadings(parser: commonmark.Parser, text: string): Seen[] {
  const headings: Seen[] = [];
  for (let node = parser.parse(text).firstChild; node; node = node.next) {
    if (node.type !== 'heading') continue;
    headings.push({ level: node.level, first: node.sourcepos[0][0], last: node.sourcepos[1][0] });
  }
  return headings;
}

function agree(ours: Seen, theirs: Seen | undefined): boolean {
  if (!theirs || ours.level !== theirs.level || ours.last !== theirs.last) return false;
  const setext = ours.last > ours.first;
  return setext ? theirs.first <= ours.first : theirs.first === ours.first;
}

describe('cross-check with commonmark.js', () => {
  it('covers the seven corpora', () => {
    expect(corpora.length).toBeGreaterThanOrEqual(7);
  });

  for (const corpus of corpora) {
    it(`${corpus}: same top-level headings in every file`, { timeout: 300_000 }, () => {
      const root = join(corporaDir, corpus);
      const files = (readdirSync(root, { recursive: true }) as string[]).filter(
        (path) => /\.(md|markdown|mdx)$/i.test(path) && statSync(join(root, path)).isFile(),
      );
      const parser = new commonmark.Parser();
      const differing: string[] = [];
      for (const path of files) {
        const source = decodeSource(readFileSync(join(root, path)));
        const { frontmatterEnd, facts } = readMarkdown(source);
        let text = source.text;
        if (frontmatterEnd > 0) {
          text = '\n'.repeat(frontmatterEnd) + text.slice(source.lineStarts[frontmatterEnd]);
        }
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        const theirs = commonmarkHeadings(parser, text);
        const ours = facts.headings.map((heading) => ({
          level: heading.depth,
          first: heading.firstLine + 1,
          last: heading.endLine,
        }));
        if (
          ours.length !== theirs.length ||
          !ours.every((heading, at) => agree(heading, theirs[at]))
        ) {
          differing.push(path);
        }
      }
      expect(files.length).toBeGreaterThan(0);
      expect(differing).toEqual([]);
    });
  }
});
