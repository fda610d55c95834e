// Copying results: the engine builds the text in the format of the settings (SPEC §6), the
// environment puts it on the clipboard (Electron's, or the browser's in the web build).
import type { ExportFormat, FolioApi } from '../../../src-main/contract/api.ts';

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
    message: copyMessage(ids.length, format, exported.value.tokens, exported.value.truncated),
  };
}

/** "Copied 3 results as Markdown (412 tokens, cut to the token budget)." */
export function copyMessage(
  count: number,
  format: ExportFormat,
  tokens: number,
  truncated: boolean,
): string {
  const what = count === 1 ? '1 result' : `${count} results`;
  const cut = truncated ? ', cut to the token budget' : '';
  return `Copied ${what} as ${FORMAT_NAMES[format]} (${tokens.toLocaleString('en')} tokens${cut}).`;
}
