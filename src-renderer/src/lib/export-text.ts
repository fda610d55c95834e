// Copying results: the engine builds the text in the format of the settings
// (docs/design.md#export), the environment puts it on the clipboard (Electron's, or the browser's
// in the web build).
import type { ExportFormat, FolioApi } from '#shared/contract/api.ts';

/** What a copy did, in one sentence for the status line. */
export interface CopyOutcome {
  /** The text is on the clipboard. */
  ok: boolean;
  /** What happened, for the status line. */
  message: string;
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
): Promise<CopyOutcome> {
  if (ids.length === 0) return { ok: false, message: 'Nothing to copy: no result is selected.' };
  const exported = await api.exportResults({ ids: [...ids] });
  if (!exported.ok) return { ok: false, message: `Export failed: ${exported.error.message}` };
  const copied = await api.copyText({ text: exported.value.text });
  if (!copied.ok) return { ok: false, message: `Copy failed: ${copied.error.message}` };
  return {
    ok: true,
    message: copyMessage(ids.length, format, exported.value),
  };
}

/**
 * "Copied 3 results as Markdown (412 tokens)." — or, when the budget kept fewer than were asked
 * for, "Copied 1 of 3 results as Markdown (50 tokens, cut to the token budget)."
 */
export function copyMessage(
  requested: number,
  format: ExportFormat,
  exported: { tokens: number; truncated: boolean; included: number },
): string {
  const of = exported.included < requested ? `${exported.included} of ` : '';
  const what = requested === 1 ? '1 result' : `${of}${requested} results`;
  const cut = exported.truncated ? ', cut to the token budget' : '';
  const tokens = exported.tokens.toLocaleString('en');
  return `Copied ${what} as ${FORMAT_NAMES[format]} (${tokens} tokens${cut}).`;
}
