// File contents as the reader holds them: inflated on demand, the start of a huge file only when
// that is all a search needs, least recently used out beyond a byte budget. A search reads at
// most the first MiB of a section (docs/design.md#the-result-record), yet inflating a 30 MB note
// whole cost the first search after every commit 0.3–0.5 s of CPU (docs/benchmarks.md#huge-notes).
import { constants, inflateRawSync } from 'node:zlib';

/** What was inflated: the first bytes of a file, or all of it. */
export interface Inflated {
  bytes: Uint8Array;
  /** True when `bytes` is the whole file. */
  whole: boolean;
}

/** Deflate never expands one input byte into more than this many (zlib's bound is 1032:1). */
const MAX_RATIO = 1032;

/** Output past `end` accepted at most; an input prefix giving more is cut shorter. */
export const PREFIX_SLACK = 256 * 1024;

/** `take` bytes of `deflated` inflated, or null when they give more than `cap` bytes. */
function inflateStart(deflated: Uint8Array, take: number, cap: number): Buffer | null {
  const whole = take >= deflated.length;
  try {
    // A cut input ends in the middle of the stream: Z_SYNC_FLUSH gives what it holds so far.
    return inflateRawSync(
      deflated.subarray(0, take),
      whole
        ? { maxOutputLength: cap }
        : { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: cap },
    );
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') return null;
    throw error;
  }
}

/**
 * At least the first `end` bytes of a raw-deflated file (all of it when shorter), and at most
 * `end + PREFIX_SLACK` unless it is whole: prefixes of the input are inflated, longer ones while
 * they give too little (guided by the ratio seen so far), shorter ones when they give too much.
 */
export function inflatePrefix(deflated: Uint8Array, end: number): Inflated {
  const cap = end + PREFIX_SLACK;
  let low = 0; // input bytes known to give fewer than `end`
  let high = Infinity; // input bytes known to give more than `cap`
  let take = Math.min(deflated.length, Math.ceil(end / MAX_RATIO) + 64);
  for (;;) {
    const out = inflateStart(deflated, take, cap);
    const whole = take >= deflated.length;
    if (out !== null && (out.length >= end || whole)) return { bytes: out, whole };
    if (out === null) high = take;
    else low = take;
    if (high - low <= 1) break; // one input byte cannot give `PREFIX_SLACK` bytes: not reached
    if (high !== Infinity) take = Math.floor((low + high) / 2);
    else {
      const estimate = Math.ceil((take * end) / Math.max(out!.length, 1) + 64);
      take = Math.min(deflated.length, Math.max(take * 2, estimate));
    }
  }
  return { bytes: inflateRawSync(deflated), whole: true };
}

/** A file's content row: raw, or raw-deflated (`IndexWriter`). */
export interface StoredContent {
  content: Buffer;
  deflated: number;
}

/** Bytes of file content kept in memory at most. */
export const CACHE_CONTENT_BYTES = 32 * 1024 * 1024;

/** Contents (or their starts) by file id, least recently used first. */
export class ContentCache {
  private readonly entries = new Map<number, Inflated>();
  private held = 0;
  private readonly load: (fileId: number) => StoredContent | undefined;

  constructor(load: (fileId: number) => StoredContent | undefined) {
    this.load = load;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.held;
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  /** At least the first `end` bytes of a file (`Infinity`: all of it); empty when unknown. */
  get(fileId: number, end: number): Uint8Array {
    const hit = this.entries.get(fileId);
    if (hit) this.entries.delete(fileId);
    if (hit && (hit.whole || hit.bytes.length >= end)) {
      this.entries.set(fileId, hit); // most recently used last
      return hit.bytes;
    }
    if (hit) this.held -= hit.bytes.length;
    const row = this.load(fileId);
    if (!row) return new Uint8Array();
    const content: Inflated = !row.deflated
      ? { bytes: row.content, whole: true }
      : end === Infinity
        ? { bytes: inflateRawSync(row.content), whole: true }
        : inflatePrefix(row.content, end);
    this.entries.set(fileId, content);
    this.held += content.bytes.length;
    for (const [id, { bytes }] of this.entries) {
      if (this.held <= CACHE_CONTENT_BYTES) break;
      this.entries.delete(id);
      this.held -= bytes.length;
    }
    return content.bytes;
  }
}
