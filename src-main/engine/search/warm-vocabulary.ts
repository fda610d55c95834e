// The index's vocabulary read before it is needed (docs/design.md#warming-before-typing): a session
// looks terms up one at a time until that has cost `VOCABULARY_LOOKUP_BUDGET_MS` (searcher.ts),
// then reads the whole vocabulary in one statement, inside a keystroke (0.1–0.5 s on msdocs-cpp).
// Read in the background instead, a batch of terms a step, it is handed to the searcher whole.
import { Vocabulary } from '../query/fuzzy.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { IndexWalk, type WarmStep } from './warm-walk.ts';

/** Terms per step at first; fts5vocab counts each term's rows, ~10 µs a term on msdocs-cpp. */
const FIRST_BATCH = 64;
/** A step aims at this much work (ms): the batch doubles under half of it, halves over twice. */
const STEP_MS = 2;
/** The batch's bounds: a larger index's terms cost more each (longer row lists to count). */
const MIN_BATCH = 8;
const MAX_BATCH = 4_096;

/** Gets the vocabulary read whole, for the index state it is of, and its terms as read. */
export type AdoptVocabulary = (
  vocabulary: Vocabulary,
  version: number,
  terms: ReadonlyArray<readonly [term: string, rows: number]>,
) => void;

/** Reads the vocabulary a batch per step; `adopt` gets it whole, for the index state it is of. */
export class VocabularyWarming extends IndexWalk {
  private readonly adopt: AdoptVocabulary;
  private terms: Array<[term: string, rows: number]> = [];
  private after = '';
  private batch = FIRST_BATCH;

  constructor(reader: IndexReader, adopt: AdoptVocabulary) {
    super(reader);
    this.adopt = adopt;
  }

  /** Back to the first term. */
  protected rewind(): void {
    this.terms = [];
    this.after = '';
  }

  /** Reads the next batch; `done` once the last was read and handed over. */
  step(): WarmStep {
    if (this.changed()) return 'changed';
    const started = performance.now();
    const read = this.reader.termsAfter(this.after, this.batch);
    for (const entry of read) this.terms.push(entry);
    const took = performance.now() - started;
    if (took < STEP_MS / 2) this.batch = Math.min(MAX_BATCH, this.batch * 2);
    else if (took > STEP_MS * 2) this.batch = Math.max(MIN_BATCH, this.batch / 2);
    if (read.length > 0) {
      this.after = read[read.length - 1]![0];
      return 'more';
    }
    this.adopt(new Vocabulary(this.terms, this.reader.rowCount()), this.reader.version, this.terms);
    this.terms = [];
    return 'done';
  }
}
