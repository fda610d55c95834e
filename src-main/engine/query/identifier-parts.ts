// The parts of identifiers written in camel case: `CTaskDialog::IsSupported` is about a task
// dialog and whether it is supported, but the analyser makes one term of each word
// (`ctaskdialog`, `issupport`), so "task dialog supported" cannot find it. Titles in API
// references are mostly such names; their parts are indexed with the section's context and
// count for the heading boost (indexing and ranking use this one function).

/** Between a lower-case and an upper-case letter, and before the last capital of an acronym. */
const CASE_CHANGE = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The distinct parts of the camel-case words of `text`, as written (`SetCapture` → `Set`,
 * `Capture`; `HTMLParser` → `HTML`, `Parser`); single letters (the `C` of `CWnd`) are left out.
 * Words without a case change have no parts.
 */
export function identifierParts(text: string): string[] {
  const parts = new Set<string>();
  for (const word of text.match(WORD) ?? []) {
    const pieces = word.split(CASE_CHANGE);
    if (pieces.length < 2) continue;
    for (const piece of pieces) if (piece.length > 1) parts.add(piece);
  }
  return [...parts];
}

/** Texts followed by the camel-case parts of their names: `IsSupported` is also "supported". */
export function withParts(texts: readonly string[]): string {
  return [...texts, ...identifierParts(texts.join(' '))].join(' ');
}
