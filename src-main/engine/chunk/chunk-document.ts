// `chunkDocument`: a file's bytes in, its chunk tree out (SPEC §1–2). Synchronous and pure; it
// never throws for any content — whatever cannot be read becomes a warning on the document.
import { documentKind } from '../files/document-kind.ts';
import { micromarkBlockFacts, type BlockFacts } from './block-facts.ts';
import { scanBlockFacts } from './block-scan.ts';
import { buildChunkTree } from './chunk-tree.ts';
import {
  findFrontmatter,
  readFrontmatter,
  normalizeTag,
  type FrontmatterFields,
} from './frontmatter.ts';
import { inlineTags } from './inline-tags.ts';
import { readSource, type SourceText } from './source-text.ts';
import type { ChunkedDocument, ChunkInput, DocumentKind } from './types.ts';

/** Turns one file into its chunk tree. */
export function chunkDocument(input: ChunkInput): ChunkedDocument {
  const kind: DocumentKind = input.kind ?? documentKind(input.path) ?? 'markdown';
  const docId = `${input.vault}:${input.path}`;
  const source = readSource(input.bytes);
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
  const inline = markdown ? inlineTags(source, markdown.facts.textLines) : [];
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
    warnings: [...fields.warnings, ...(markdown?.warnings ?? [])],
    nodes,
    size: input.bytes.length,
  };
}

interface MarkdownParts {
  fields: FrontmatterFields;
  /** First line after the frontmatter block, 0 without one. */
  frontmatterEnd: number;
  facts: BlockFacts;
  warnings: string[];
}

function readMarkdown(source: SourceText): MarkdownParts {
  const block = findFrontmatter(source);
  const fields = block ? readFrontmatter(block.yaml) : readFrontmatter('');
  const frontmatterEnd = block?.endLine ?? 0;
  const warnings: string[] = [];
  let facts: BlockFacts;
  try {
    facts = scanBlockFacts(source, frontmatterEnd) ?? micromarkBlockFacts(source, frontmatterEnd);
  } catch (error) {
    // Not expected for any input; if a parser ever fails, the file still indexes as one node.
    warnings.push(
      `headings could not be read (${(error as Error).message}); indexed as one section`,
    );
    facts = { headings: [], textLines: new Uint8Array(source.lineCount) };
  }
  return { fields, frontmatterEnd, facts, warnings };
}

/** The file name without its extension: the title of last resort. */
function fileStem(path: string): string {
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
