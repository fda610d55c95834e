// The chunker's headings and frontmatter against the specification's own reference, remark
// (unified + remark-parse + remark-frontmatter + remark-gfm, docs/design.md#headings), read the
// straightforward way through its mdast tree: same top-level headings (level, lines, plain-text
// title) and the same frontmatter block, file by file.
//
// remark is slow (about 1 MB/s), so by default every corpus is sampled (about 1 MB each, every
// file the fast scanner hands to micromark included); FOLIO_FULL_CROSSCHECK=1 checks every file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../../src-main/engine/chunk/chunk-document.ts';
import { decodeSource } from '../../../src-main/engine/chunk/source-text.ts';
import { remarkReference } from './support/remark-reference.ts';
import { CORPORA_DIR } from '../../support/corpora.ts';

const corporaDir = CORPORA_DIR;
const corpora = readdirSync(corporaDir).filter((name) =>
  statSync(join(corporaDir, name)).isDirectory(),
);
const full = process.env.FOLIO_FULL_CROSSCHECK === '1';
const SAMPLE_BYTES = 1_000_000;
const MAX_FILE = 2_000_000;

describe('reference: remark', () => {
  for (const corpus of corpora) {
    it(`${corpus}: same headings, titles and frontmatter`, { timeout: 600_000 }, () => {
      const root = join(corporaDir, corpus);
      const files = (readdirSync(root, { recursive: true }) as string[])
        .filter((path) => /\.(md|markdown|mdx)$/i.test(path))
        .map((path) => ({ path, size: statSync(join(root, path)).size }))
        .filter(({ size }) => full || size <= MAX_FILE)
        .sort((a, b) => (a.path < b.path ? -1 : 1));
      const total = files.reduce((sum, { size }) => sum + size, 0);
      const stride = full ? 1 : Math.max(1, Math.ceil(total / SAMPLE_BYTES));
      const differing: string[] = [];
      let checked = 0;
      files.forEach(({ path }, index) => {
        const source = decodeSource(readFileSync(join(root, path)));
        const parts = readMarkdown(source);
        if (index % stride !== 0 && parts.parser === 'scanner') return;
        checked++;
        const ours = {
          frontmatterLastLine: parts.frontmatterEnd > 0 ? parts.frontmatterEnd : null,
          headings: parts.facts.headings.map((heading) => ({
            depth: heading.depth,
            firstLine: heading.firstLine + 1,
            lastLine: heading.endLine,
            title: heading.title,
          })),
        };
        const reference = remarkReference(source.text);
        if (JSON.stringify(ours) !== JSON.stringify(reference)) differing.push(path);
      });
      expect(checked).toBeGreaterThan(0);
      expect(differing).toEqual([]);
    });
  }
});
