// Comments cite the repository's own docs, never documents outside it: a reader of a clone has no
// SPEC or STYLE file, so a rule is cited as `docs/design.md#…` (docs/architecture.md#names).
// And every `docs/<file>.md#anchor` cited anywhere exists: a renamed heading fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..', '..');

/**
 * The folders of code, tests and scripts: their files may not cite documents outside the
 * repository, and every `docs/…#anchor` they cite must exist.
 */
const SOURCE_FOLDERS = [
  'src-main',
  'src-shared',
  'src-preload',
  'src-renderer',
  'test',
  'bench',
  'scripts',
];

/** Left out of the first rule: this file names those documents. */
const NOT_YET = ['test/docs/citations.test.ts'];

const SOURCE = /\.(ts|mts|mjs|js|svelte|css|html)$/;

/** A citation of a document that is not in the repository. */
const OUTSIDE = [/\bSPEC(\.md)? ?§/, /\bSPEC\.md\b/, /\bSTYLE\.md\b/, /\bseeds?\/|\bseed \d{3}\b/];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(repo, dir), { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && SOURCE.test(entry.name) && !path.includes('/fixtures/')) out.push(path);
  }
  return out;
}

/** `file:line: text` of every line of `files` matching one of `patterns`. */
function linesMatching(files: string[], patterns: RegExp[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (patterns.some((p) => p.test(line)))
          found.push(`${relative(repo, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

/** The GitHub anchors of a markdown file's headings. */
function anchorsOf(doc: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(join(repo, doc), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (heading) anchors.add(slugger.slug(heading[1]!.replace(/[`*_]/g, '')));
  }
  return anchors;
}

describe('citations in code', () => {
  it('name no document outside the repository', () => {
    const files = SOURCE_FOLDERS.flatMap(sourceFiles).filter(
      (file) => !NOT_YET.some((dir) => relative(repo, file).startsWith(dir)),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(linesMatching(files, OUTSIDE)).toEqual([]);
  });

  it('of docs/…#anchor point at a heading that exists', () => {
    const cached = new Map<string, Set<string>>();
    const broken: string[] = [];
    let count = 0;
    for (const file of SOURCE_FOLDERS.flatMap(sourceFiles)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bdocs\/([a-z-]+\.md)#([a-z0-9-]+)/g)) {
        count++;
        const doc = `docs/${m[1]}`;
        if (!cached.has(doc)) {
          cached.set(doc, existsSync(join(repo, doc)) ? anchorsOf(doc) : new Set());
        }
        if (!cached.get(doc)!.has(m[2]!)) broken.push(`${relative(repo, file)}: ${m[0]}`);
      }
    }
    expect(count).toBeGreaterThan(10);
    expect(broken).toEqual([]);
  });

  it('between the docs (links to another doc or one of its headings) resolve', () => {
    const docs = ['README.md', ...readdirSync(join(repo, 'docs')).map((f) => `docs/${f}`)];
    const broken: string[] = [];
    for (const doc of docs.filter((d) => d.endsWith('.md'))) {
      // Code spans are examples, not links (docs/links.md shows link syntax).
      const text = readFileSync(join(repo, doc), 'utf8').replace(/`[^`\n]*`/g, '');
      for (const m of text.matchAll(/\]\(([^)#\s]*)(?:#([^)\s]+))?\)/g)) {
        const [link, target, anchor] = [m[0], m[1]!, m[2]];
        if (/^[a-z]+:/.test(target)) continue; // a web address
        const file = target === '' ? doc : join(dirname(doc), target);
        if (!existsSync(join(repo, file))) broken.push(`${doc}: ${link}`);
        else if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor))
          broken.push(`${doc}: ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the anchor reader finds headings as GitHub does', () => {
    const anchors = anchorsOf('docs/design.md');
    expect(anchors).toContain('the-chunk-tree');
    expect(anchors).toContain('titles-paths-and-breadcrumbs');
    expect(anchors).not.toContain('chunk-tree');
  });
});
