// "Open" from either window: the app opens the note (in Obsidian at its heading, or with the OS
// default app) and answers what it did; the window says it in one sentence. In the browser the
// bridge answers that only the app can open files, and that is said instead of nothing happening.
import type { FolioApi, OpenOutcome } from '#shared/contract/api.ts';

/** What an open did, in one sentence for the status line. */
export interface OpenResult {
  ok: boolean;
  message: string;
}

/** The file's name, for a message (the full path is in the tooltip of the result). */
function fileName(file: string): string {
  return file.split(/[\\/]/).at(-1) ?? file;
}

/** "Opened Plan.md in Obsidian at “Next steps”." and the like. */
export function openMessage(outcome: OpenOutcome): string {
  const name = fileName(outcome.file);
  if (outcome.app === 'default-app') {
    return `Opened ${name} with the default app, at its top (it takes no line number).`;
  }
  return outcome.heading === null
    ? `Opened ${name} in Obsidian.`
    : `Opened ${name} in Obsidian at “${outcome.heading}”.`;
}

/** Opens node `id` and says what happened. */
export async function openNode(api: FolioApi, id: string | null): Promise<OpenResult> {
  if (id === null) return { ok: false, message: 'Nothing to open: no result is selected.' };
  const answer = await api.openInEditor({ id });
  return answer.ok
    ? { ok: true, message: openMessage(answer.value) }
    : { ok: false, message: answer.error.message };
}
