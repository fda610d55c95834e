// Export (docs/design.md#export): results as Markdown, plain text or JSON for the clipboard or
// stdout. Every piece says where it came from (vault, path#slug, lines); a token budget takes
// results in rank order and cuts the first one that does not fit (see budget.ts), marking the cut.
// A budget too small for even the first result's source still exports that source and the mark: an
// export never comes out empty or without saying where it came from.
import { MAX_COPY_CHARS, type ExportFormat, type ExportResponse } from '#shared/contract/api.ts';
import { charsFor, cutToFit, estimateTokens } from './budget.ts';

/** One result to export. */
export interface ExportItem {
  id: string;
  vault: string;
  path: string;
  slug: string | null;
  /** Display breadcrumb (`> File › Section`). */
  breadcrumb: string;
  startLine: number;
  endLine: number;
  /** The content, breadcrumb mode already applied. */
  text: string;
}

/** Where a cut happened, in Markdown and plain text. */
export const CUT_MARKER = '[…]';

const anchor = (item: ExportItem) => (item.slug === null ? item.path : `${item.path}#${item.slug}`);
const crumb = (item: ExportItem) => item.breadcrumb.replace(/^>\s*/, '');
const lines = (item: ExportItem) =>
  item.startLine === item.endLine
    ? `line ${item.startLine}`
    : `lines ${item.startLine}–${item.endLine}`;

/** The lines above an item's text: its breadcrumb, then its source (vault, `path#slug`, lines). */
export function exportHeader(item: ExportItem, format: 'md' | 'text'): string {
  if (format === 'md') {
    return `## ${crumb(item)}\n\nSource: ${item.vault} · [${anchor(item)}](<${anchor(item)}>) · ${lines(item)}`;
  }
  return `${crumb(item)}\n${item.vault}:${anchor(item)} · ${lines(item)}`;
}

/** The text of an export, whether the budget cut it, and how many results it holds. */
interface Built {
  text: string;
  truncated: boolean;
  included: number;
}

function exportBlocks(items: Iterable<ExportItem>, format: 'md' | 'text', maxChars: number): Built {
  let out = '';
  let index = 0;
  for (const item of items) {
    const sep = out ? '\n\n' : '';
    const head = `${exportHeader(item, format)}\n\n`;
    const whole = `${out}${sep}${head}${item.text.trimEnd()}\n`;
    if (whole.length <= maxChars) {
      out = whole.slice(0, -1);
      index++;
      continue;
    }
    const room = maxChars - `${out}${sep}${head}\n\n${CUT_MARKER}\n`.length;
    const cut = room > 0 ? cutToFit(item.text.trimEnd(), room) : { text: '', cut: true };
    if (cut.text) out = `${out}${sep}${head}${cut.text}\n\n${CUT_MARKER}`;
    else if (index === 0) out = `${head}${CUT_MARKER}`;
    return {
      text: `${out}\n`,
      truncated: true,
      included: cut.text || index === 0 ? index + 1 : index,
    };
  }
  return { text: out ? `${out}\n` : '', truncated: false, included: index };
}

interface JsonItem {
  id: string;
  vault: string;
  path: string;
  breadcrumb: string;
  startLine: number;
  endLine: number;
  text: string;
  truncated: boolean;
}

/**
 * `JSON.stringify({ results }, null, 2)` built from each entry's own JSON, so that adding an
 * entry costs its own size, not the whole export's again (1,000 results, 50 MB).
 */
class JsonResults {
  private static readonly EMPTY = '{\n  "results": []\n}\n';
  private static readonly OPEN = '{\n  "results": [\n';
  private static readonly CLOSE = '\n  ]\n}\n';
  private readonly pieces: string[] = [];
  private size = 0;

  get count(): number {
    return this.pieces.length;
  }

  /** The entry as it appears inside the results array (indented one level deeper). */
  static piece(entry: JsonItem): string {
    return `    ${JSON.stringify(entry, null, 2).replaceAll('\n', '\n    ')}`;
  }

  /** Length of the whole text with `piece` added: the pieces, a `,\n` between two, the frame. */
  lengthWith(piece: string): number {
    const { OPEN, CLOSE } = JsonResults;
    return OPEN.length + this.size + piece.length + 2 * this.pieces.length + CLOSE.length;
  }

  add(piece: string): void {
    this.pieces.push(piece);
    this.size += piece.length;
  }

  text(): string {
    const { EMPTY, OPEN, CLOSE } = JsonResults;
    return this.pieces.length === 0 ? EMPTY : `${OPEN}${this.pieces.join(',\n')}${CLOSE}`;
  }
}

function exportJson(items: Iterable<ExportItem>, maxChars: number): Built {
  const results = new JsonResults();
  for (const item of items) {
    const entry: JsonItem = {
      id: item.id,
      vault: item.vault,
      path: item.path,
      breadcrumb: item.breadcrumb,
      startLine: item.startLine,
      endLine: item.endLine,
      text: item.text,
      truncated: false,
    };
    const piece = JsonResults.piece(entry);
    if (results.lengthWith(piece) <= maxChars) {
      results.add(piece);
      continue;
    }
    // JSON escaping makes text longer than its characters: shrink until it fits.
    const empty = JsonResults.piece({ ...entry, text: '', truncated: true });
    let room = maxChars - results.lengthWith(empty);
    for (let attempt = 0; attempt < 12 && room > 0; attempt++) {
      const cut = cutToFit(item.text, room);
      if (!cut.text) break;
      const candidate = JsonResults.piece({ ...entry, text: cut.text, truncated: true });
      const size = results.lengthWith(candidate);
      if (size <= maxChars) {
        results.add(candidate);
        break;
      }
      room -= size - maxChars;
    }
    if (results.count === 0) results.add(empty);
    return { text: results.text(), truncated: true, included: results.count };
  }
  return { text: results.text(), truncated: false, included: results.count };
}

/**
 * Builds the export of `items` (in rank order) within `maxTokens` (null: no budget). Without a
 * budget it still stops at what the clipboard takes (`MAX_COPY_CHARS`), cut and marked the same
 * way.
 */
export function buildExport(
  items: Iterable<ExportItem>,
  format: ExportFormat,
  maxTokens: number | null,
): ExportResponse {
  const maxChars = Math.min(
    maxTokens === null ? MAX_COPY_CHARS : charsFor(maxTokens),
    MAX_COPY_CHARS,
  );
  const { text, truncated, included } =
    format === 'json' ? exportJson(items, maxChars) : exportBlocks(items, format, maxChars);
  return { text, tokens: estimateTokens(text), truncated, included };
}
