// What the CLI prints for a person goes to a terminal, which acts on control characters: a note
// holding `ESC]52;c;…BEL` would set the clipboard, `ESC[2J` clear the screen, a lone CR overwrite
// a line. Text from notes and file names is printed with its control characters escaped (`\x1b`,
// `\r`); `--json` output stays exact (JSON escapes C0 itself; its readers want the real text).

/** In note text: C0 controls but tab and line feed (and the CR of a CRLF), DEL, C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TEXT_CONTROLS = /\r(?!\n)|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;

/** In a name or a one-line message: every control character, line breaks and tabs included. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_CONTROLS = /[\x00-\x1f\x7f-\x9f]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escape(char: string): string {
  return NAMED[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/** Note text for a terminal: lines and tabs kept, every other control character escaped. */
export function terminalText(text: string): string {
  return text.replace(TEXT_CONTROLS, escape);
}

/**
 * A file name, a document id or a one-line message for a terminal: every control character
 * escaped, line breaks and tabs too, so that a record stays on its line (`cli ls`).
 */
export function terminalLine(text: string): string {
  return text.replace(LINE_CONTROLS, escape);
}
