// File contents read before a search needs them (docs/design.md#warming-before-typing): a result's
// snippet and match ranges read its file's content, inflated when stored deflated, and the reader
// keeps the last ones read (`store/file-contents.ts`, bounded in bytes). Warming reads files in id
// order, each whole when it is small, until the cache holds `CONTENT_WARM_BYTES`.
import { CACHE_CONTENT_BYTES } from '../store/file-contents.ts';
import { IndexWalk, type WarmStep } from './warm-walk.ts';

/** Files per step (reading a small file's row is ~10–50 µs). */
const FILE_BATCH = 32;
/** Contents warmed at most: three quarters of the cache, the rest left to searches' own reads. */
const CONTENT_WARM_BYTES = (CACHE_CONTENT_BYTES * 3) / 4;
/** A file stored larger than this is left to searches (they read only the part they need). */
const MAX_WARM_FILE_BYTES = 256 * 1024;

/** Reads files' contents into the reader's cache, a batch per step, for one index state. */
export class ContentWarming extends IndexWalk {
  /** The last file id read (ids are ≥ 0). */
  private after = -1;

  protected rewind(): void {
    this.after = -1;
  }

  /** Reads the next batch of files; `done` at the last file or once the bound is held. */
  step(): WarmStep {
    if (this.changed()) return 'changed';
    if (this.reader.contentBytesHeld >= CONTENT_WARM_BYTES) return 'done';
    const files = this.reader.fileSizesAfter(this.after, FILE_BATCH);
    if (files.length === 0) return 'done';
    for (const [id, bytes] of files) {
      if (bytes <= MAX_WARM_FILE_BYTES) this.reader.content(id);
    }
    this.after = files[files.length - 1]![0];
    return 'more';
  }
}
