// YAML frontmatter (docs/design.md#frontmatter): where the block is, and the fields Folio uses from
// it.
//
// The block is a first line `---` (after an optional BOM), closed by the next `---` line; both
// fences may carry trailing spaces or tabs. This is exactly what remark-frontmatter recognises
// (checked by the cross-check tests), so the heading parsers can start after the block instead of
// being configured for it. `...` does not close the block and `+++` (TOML) does not open one.
import jsYaml from 'js-yaml';
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
  const parsed = parseYaml(yaml);
  if ('error' in parsed) {
    fields.warnings.push(parsed.error);
    return fields;
  }
  const data = parsed.value;
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

// An alias (`*name`) after whitespace or a flow indicator. Aliases can make a small document
// expand exponentially once serialised; only the `yaml` package bounds them.
const alias = /(?:^|[\s,[{:-])\*[^\s,[\]{}]/;

/**
 * YAML 1.2 (core schema: JSON-like values, timestamps stay text) by js-yaml, nine times faster
 * than the `yaml` package on real frontmatter; documents with aliases go to `yaml`, whose alias
 * limit stops "billion laughs" expansion.
 */
function parseYaml(yaml: string): { value: unknown } | { error: string } {
  const line = (zeroBased: number | undefined) =>
    // +2: the YAML starts on the file's second line (after the opening fence).
    zeroBased === undefined ? '' : ` (line ${zeroBased + 2})`;
  try {
    if (!alias.test(yaml)) return { value: jsYaml.load(yaml, { schema: jsYaml.CORE_SCHEMA }) };
    const document = parseDocument(yaml, { prettyErrors: false });
    const error = document.errors[0];
    if (error) {
      const at = error.linePos ? line(error.linePos[0].line - 1) : '';
      return {
        error: `frontmatter is not valid YAML${at}: ${firstLine(error.message)}; its fields are ignored`,
      };
    }
    return { value: document.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    return {
      error: `frontmatter is not valid YAML${line(mark?.line)}: ${firstLine(String(reason))}; its fields are ignored`,
    };
  }
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
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
