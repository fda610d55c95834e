// What every warming is (docs/design.md#warming-before-typing): a walk over the index for one
// index state, a step at a time, that `service/warm-up.ts` runs while no search does. Each
// warming — nodes (`warm-nodes.ts`), contents (`warm-contents.ts`), top rows (`warm-top-rows.ts`),
// the vocabulary (`warm-vocabulary.ts`) — is an `IndexWalk` whose steps say what they found.
import type { IndexReader } from '../store/index-reader.ts';

/** What one step of warming found. */
export type WarmStep = 'more' | 'done' | 'changed';

/** A walk over the index for one index state: `restart`, then steps until done or changed. */
export abstract class IndexWalk {
  protected readonly reader: IndexReader;
  private generation = -1;

  constructor(reader: IndexReader) {
    this.reader = reader;
  }

  /** Starts again from the beginning, for the index as it is now. */
  restart(): void {
    this.reader.refresh();
    this.generation = this.reader.generation;
    this.rewind();
  }

  /** Goes back to the beginning of the walk. */
  protected abstract rewind(): void;

  /** True when the index changed since `restart` (what was warmed is gone with it). */
  protected changed(): boolean {
    this.reader.refresh();
    return this.reader.generation !== this.generation;
  }
}
