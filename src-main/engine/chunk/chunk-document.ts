// `chunkDocument`: a file's bytes in, its chunk tree out (docs/design.md#the-chunk-tree).
// Synchronous and pure; it never throws for any content — whatever cannot be read becomes a warning
// on the document.
import { documentKind } from '../files/document-kind.ts';
import { micromarkBlockFacts, type BlockFacts } from './block-facts.ts';
import { scanBlockFacts } from './block-scan.ts';
import { buildChunkTree } from './chunk-tree.ts';
import {
  findFrontmatter,
  normalizeTag,
  readFrontmatter,
  type FrontmatterFields,
} from './frontmatter.ts';
import { readDates } from './frontmatter-dates.ts';
import { inlineTags } from './inline-tags.ts';
import { extractLinks } from './links.ts';
import { decodeSource, type SourceText } from './source-text.ts';
import type { ChunkedDocument, ChunkInput, DocumentKind } from './types.ts';

/** Options of `chunkDocument`. */
export interface ChunkOptions {
  /**
   * Collect inline `#tags` into `tags` (default true; `cli chunk`, which prints no tags, skips it).
   */
  inlineTags?: boolean;
  /** Collect links and block ids (default true; `cli chunk`, which prints neither, skips it). */
  links?: boolean;
}

/** Turns one file into its chunk tree. */
export function chunkDocument(input: ChunkInput, options: ChunkOptions = {}): ChunkedDocument {
  const kind: DocumentKind = input.kind ?? documentKind(input.path) ?? 'markdown';
  try {
    return chunkSource(input, kind, decodeSource(input.bytes), {
      inlineTags: options.inlineTags ?? true,
      links: options.links ?? true,
    });
  } catch (error) {
    // Not expected for any input (the corpora and the property tests say so); should a bug
    // surface, the file still indexes as one node instead of failing its vault.
    const reason = error instanceof Error ? error.message : String(error);
    const fallback = chunkSource(input, 'text', decodeSource(input.bytes), {});
    fallback.kind = kind;
    fallback.warnings.push(`the file's structure could not be read (${reason}); indexed whole`);
    return fallback;
  }
}

function chunkSource(
  input: ChunkInput,
  kind: DocumentKind,
  source: SourceText,
  options: ChunkOptions,
): ChunkedDocument {
  const docId = `${input.vault}:${input.path}`;
  const markdown = kind === 'markdown' ? readMarkdown(source) : null;
  const fields = markdown?.fields ?? readFrontmatter('');
  const headings = markdown?.facts.headings ?? [];
  const fileTitle =
    fields.title ??
    headings.find((heading) => heading.depth === 1 && heading.title !== '')?.title ??
    fileStem(input.path);
  const nodes = buildChunkTree({
    source,
    docId,
    fileTitle,
    headings,
    bodyStartLine: markdown?.frontmatterEnd ?? 0,
  });
  const inline = markdown && options.inlineTags ? inlineTags(source, markdown.facts.textLines) : [];
  const found =
    markdown && options.links
      ? extractLinks({
          source,
          nodes,
          headings,
          textLines: markdown.facts.textLines,
          bodyStartLine: markdown.frontmatterEnd,
        })
      : { links: [], blocks: [] };
  const warnings = [...fields.warnings, ...(markdown?.warnings ?? [])];
  const dates = readDates(fields.metadata, warnings);
  return {
    docId,
    vault: input.vault,
    path: input.path,
    kind,
    fileTitle,
    tags: uniqueTags([...fields.tags, ...inline]),
    aliases: fields.aliases,
    metadata: fields.metadata,
    frontmatter: markdown?.frontmatterEnd
      ? [0, source.lineByteStarts[markdown.frontmatterEnd]!]
      : null,
    warnings,
    nodes,
    size: input.bytes.length,
    links: found.links,
    blocks: found.blocks,
    dates,
  };
}

/** What a markdown file's text says before the tree is built. */
export interface MarkdownParts {
  fields: FrontmatterFields;
  /** First line after the frontmatter block, 0 without one. */
  frontmatterEnd: number;
  facts: BlockFacts;
  /** Which parser produced `facts`: the fast scanner, or micromark where the scanner gave up. */
  parser: 'scanner' | 'micromark' | 'none';
  warnings: string[];
}

/** Frontmatter and block facts of a markdown file. */
export function readMarkdown(source: SourceText): MarkdownParts {
  const block = findFrontmatter(source);
  const fields = readFrontmatter(block?.yaml ?? '');
  const frontmatterEnd = block?.endLine ?? 0;
  const warnings: string[] = [];
  let facts: BlockFacts | null;
  let parser: MarkdownParts['parser'] = 'scanner';
  try {
    facts = scanBlockFacts(source, frontmatterEnd);
    if (!facts) {
      parser = 'micromark';
      facts = micromarkBlockFacts(source, frontmatterEnd);
    }
  } catch (error) {
    // Not expected for any input; if a parser ever fails, the file still indexes as one node.
    const reason = error instanceof Error ? error.message : String(error);
    warnings.push(`headings could not be read (${reason}); indexed as one section`);
    parser = 'none';
    facts = { headings: [], textLines: new Uint8Array(source.lineCount) };
  }
  return { fields, frontmatterEnd, facts, parser, warnings };
}

/** The file name without its extension: the title of last resort. */
export function fileStem(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Tags without `#`, deduplicated case-insensitively (Obsidian treats `#Tag` and `#tag` alike). */
function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const unique: string[] = [];
  for (const raw of tags) {
    const tag = normalizeTag(raw);
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    unique.push(tag);
  }
  return unique;
}
