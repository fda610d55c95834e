// Export (SPEC §6): results as Markdown, plain text or JSON for the clipboard or stdout. Every
// piece says where it came from (vault, path#slug, lines); a token budget takes results in rank
// order and cuts the first one that does not fit (see budget.ts), marking the cut. A budget too
// small for even the first result's source still exports that source and the mark: an export
// never comes out empty or without saying where it came from.
import type { ExportFormat, ExportResponse } from '../../contract/api.ts';
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

function header(item: ExportItem, format: 'md' | 'text'): string {
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

function exportBlocks(items: ExportItem[], format: 'md' | 'text', maxChars: number): Built {
  let out = '';
  for (const [index, item] of items.entries()) {
    const sep = out ? '\n\n' : '';
    const head = `${header(item, format)}\n\n`;
    const whole = `${out}${sep}${head}${item.text.trimEnd()}\n`;
    if (whole.length <= maxChars) {
      out = whole.slice(0, -1);
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
  return { text: out ? `${out}\n` : '', truncated: false, included: items.length };
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

const jsonOf = (results: JsonItem[]) => `${JSON.stringify({ results }, null, 2)}\n`;

function exportJson(items: ExportItem[], maxChars: number): Built {
  const results: JsonItem[] = [];
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
    if (jsonOf([...results, entry]).length <= maxChars) {
      results.push(entry);
      continue;
    }
    // JSON escaping makes text longer than its characters: shrink until it fits.
    let room = maxChars - jsonOf([...results, { ...entry, text: '', truncated: true }]).length;
    for (let attempt = 0; attempt < 12 && room > 0; attempt++) {
      const cut = cutToFit(item.text, room);
      if (!cut.text) break;
      const candidate = { ...entry, text: cut.text, truncated: true };
      const size = jsonOf([...results, candidate]).length;
      if (size <= maxChars) {
        results.push(candidate);
        break;
      }
      room -= size - maxChars;
    }
    if (results.length === 0) results.push({ ...entry, text: '', truncated: true });
    return { text: jsonOf(results), truncated: true, included: results.length };
  }
  return { text: jsonOf(results), truncated: false, included: results.length };
}

/** Builds the export of `items` (in rank order) within `maxTokens` (null: no budget). */
export function buildExport(
  items: ExportItem[],
  format: ExportFormat,
  maxTokens: number | null,
): ExportResponse {
  const maxChars = maxTokens === null ? Number.POSITIVE_INFINITY : charsFor(maxTokens);
  const { text, truncated, included } =
    format === 'json' ? exportJson(items, maxChars) : exportBlocks(items, format, maxChars);
  return { text, tokens: estimateTokens(text), truncated, included };
}
