// YAML frontmatter (SPEC §2.2): where the block is, and the fields Folio uses from it.
//
// The block is a first line `---` (after an optional BOM), closed by the next `---` line; both
// fences may carry trailing spaces or tabs. This is exactly what remark-frontmatter recognises
// (checked by the cross-check tests), so the heading parsers can start after the block instead of
// being configured for it. `...` does not close the block and `+++` (TOML) does not open one.
import { parseDocument } from 'yaml';
import { lineContent, type SourceText } from './source-text.ts';

/** Fields read from the frontmatter. */
export interface FrontmatterFields {
  /** `title` as text, or null when absent or not text. */
  title: string | null;
  tags: string[];
  aliases: string[];
  /** Every other key, as the YAML parser produced it. */
  metadata: Record<string, unknown>;
  /** Problems that cost fields (malformed YAML, wrong shapes); the file is still indexed. */
  warnings: string[];
}

/** Where the frontmatter block is, in lines. */
export interface FrontmatterBlock {
  /** First line after the closing fence (the block is lines `[0, endLine)`). */
  endLine: number;
  /** The YAML between the fences. */
  yaml: string;
}

const fence = /^---[ \t]*$/;

/** Finds the frontmatter block, or null when the file does not start with one. */
export function findFrontmatter(source: SourceText): FrontmatterBlock | null {
  const first = lineContent(source, 0);
  if (!fence.test(first.charCodeAt(0) === 0xfeff ? first.slice(1) : first)) return null;
  for (let line = 1; line < source.lineCount; line++) {
    const start = source.lineStarts[line]!;
    if (!source.text.startsWith('---', start)) continue;
    if (!fence.test(lineContent(source, line))) continue;
    const yaml = source.text.slice(source.lineStarts[1], start);
    return { endLine: line + 1, yaml };
  }
  return null;
}

const empty = (): FrontmatterFields => ({
  title: null,
  tags: [],
  aliases: [],
  metadata: {},
  warnings: [],
});

/** Parses the YAML of a frontmatter block; never throws (problems become `warnings`). */
export function readFrontmatter(yaml: string): FrontmatterFields {
  const fields = empty();
  let data: unknown;
  try {
    const document = parseDocument(yaml, { prettyErrors: false });
    const error = document.errors[0];
    if (error) {
      // +1: the opening fence is line 1 of the file (the YAML starts on line 2).
      const line = error.linePos ? ` (line ${error.linePos[0].line + 1})` : '';
      const reason = error.message.split('\n')[0];
      fields.warnings.push(
        `frontmatter is not valid YAML${line}: ${reason}; its fields are ignored`,
      );
      return fields;
    }
    data = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    fields.warnings.push(`frontmatter could not be read: ${reason}; its fields are ignored`);
    return fields;
  }
  if (data === null || data === undefined) return fields;
  if (typeof data !== 'object' || Array.isArray(data)) {
    fields.warnings.push('frontmatter is not a "key: value" mapping; its fields are ignored');
    return fields;
  }
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (key === 'title') fields.title = titleOf(value, fields.warnings);
    else if (key === 'tags') fields.tags = tagsOf(value);
    else if (key === 'aliases') fields.aliases = aliasesOf(value);
    else fields.metadata[key] = value;
  }
  return fields;
}

function titleOf(value: unknown, warnings: string[]): string | null {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim() || null;
  if (value !== null && value !== undefined) {
    warnings.push('frontmatter "title" is not text; it is ignored');
  }
  return null;
}

/** Strings and numbers of a list, nested lists flattened (YAML reads `[[x]]` as a nested list). */
function scalars(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(scalars);
  return [];
}

/** Normalises one tag: trimmed, without a leading `#`. Empty when nothing is left. */
export function normalizeTag(raw: string): string {
  const trimmed = raw.trim();
  return (trimmed.startsWith('#') ? trimmed.slice(1) : trimmed).trim();
}

function tagsOf(value: unknown): string[] {
  const raw = typeof value === 'string' ? value.split(/[,\s]+/) : scalars(value);
  return raw.map(normalizeTag).filter((tag) => tag !== '');
}

function aliasesOf(value: unknown): string[] {
  return scalars(value)
    .map((alias) => alias.trim())
    .filter((alias) => alias !== '');
}
