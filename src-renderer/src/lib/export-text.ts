// Copying results: the engine builds the text in the format of the settings
// (docs/design.md#export), the environment puts it on the clipboard (Electron's, or the browser's
// in the web build).
import type { ExportFormat, ExportResponse, FolioApi } from '#shared/contract/api.ts';
import { formatCount } from './format.ts';

/** What a copy did, in one sentence for the status line. */
export interface CopyOutcome {
  /** The text is on the clipboard. */
  ok: boolean;
  /** What happened, for the status line. */
  message: string;
}

/** What a copy takes of each node. */
export interface CopyOptions {
  /** The whole section with its subsections (default), or the node's own text only. */
  subsections?: boolean;
}

const FORMAT_NAMES: Readonly<Record<ExportFormat, string>> = {
  md: 'Markdown',
  text: 'plain text',
  json: 'JSON',
};

/** Exports `ids` (in rank order) with the settings' format and budget, then copies the text. */
export async function copyResults(
  api: FolioApi,
  ids: readonly string[],
  format: ExportFormat = 'md',
  options: CopyOptions = {},
): Promise<CopyOutcome> {
  if (ids.length === 0) return { ok: false, message: 'Nothing to copy: no result is selected.' };
  const request = { ids: [...ids], ...(options.subsections === false && { subsections: false }) };
  const exported = await api.exportResults(request);
  if (!exported.ok) return { ok: false, message: `Export failed: ${exported.error.message}` };
  return copyExported(api, ids.length, format, exported.value, options);
}

/** Puts an export of `requested` nodes on the clipboard, saying what it holds. */
export async function copyExported(
  api: FolioApi,
  requested: number,
  format: ExportFormat,
  exported: ExportResponse,
  options: CopyOptions = {},
): Promise<CopyOutcome> {
  const copied = await api.copyText({ text: exported.text });
  if (!copied.ok) return { ok: false, message: `Copy failed: ${copied.error.message}` };
  return { ok: true, message: copyMessage(requested, format, exported, options) };
}

/**
 * "Copied 3 results as Markdown (412 tokens)." — or, when the budget kept fewer than were asked
 * for, "Copied 1 of 3 results as Markdown (50 tokens, cut to the token budget)." A node copied
 * without its subsections: "Copied 1 section without its subsections as Markdown (120 tokens)."
 */
export function copyMessage(
  requested: number,
  format: ExportFormat,
  exported: { tokens: number; truncated: boolean; included: number },
  options: CopyOptions = {},
): string {
  const of = exported.included < requested ? `${exported.included} of ` : '';
  const what =
    options.subsections === false
      ? `${of}${requested} section${requested === 1 ? '' : 's'} without subsections`
      : requested === 1
        ? '1 result'
        : `${of}${requested} results`;
  const cut = exported.truncated ? ', cut to the token budget' : '';
  const tokens = formatCount(exported.tokens);
  return `Copied ${what} as ${FORMAT_NAMES[format]} (${tokens} tokens${cut}).`;
}
