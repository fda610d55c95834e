// Calls whose answers can be as large as a note (a section's content, an export): at most a few
// are computed and sent at a time, the next starting once an earlier reply has left the process.
// 50 parallel `nodeContent` requests for a 30 MB note each held the note's text, its JSON and the
// socket's copy at once: the bridge reached 5.1 GB. Searches and the other calls never wait here.
import type { ApiMethod } from '#shared/contract/api.ts';

/** The methods whose replies grow with a note's size. */
const LARGE_REPLY_METHODS: ReadonlySet<ApiMethod> = new Set(['nodeContent', 'exportResults']);

/** True when `method`'s reply may be as large as a note. */
export function hasLargeReply(method: ApiMethod): boolean {
  return LARGE_REPLY_METHODS.has(method);
}
