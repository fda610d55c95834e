// The part of the chunk trees searches touch: matched nodes, all their ancestors and their
// files. Node facts cannot change until another connection commits, so they are kept per
// reader and cache generation (`IndexReader.generation`: it moves with `data_version`) and
// shared by every search in between; a search only adds what it has not seen (in one set query
// for the rows, one for all their ancestors, one for files). Searches know a node by its key, a
// small integer given as it loads, and find it in an array: rowids exceed 2^31 (a vault's start
// at its id × 2^36), and looking such numbers up in maps of ~100k nodes cost ~1 µs each.
import type { FileBrief, IndexReader, NodeBrief } from '../store/index-reader.ts';
import { HeadingTermTable } from './heading-match.ts';
import type { MergeNode, NodeLookup } from './merge.ts';
import { PassageTexts } from './passages.ts';

/** A loaded node: what merging needs, with its row and file at hand (one lookup, not two). */
interface TreeNode extends MergeNode {
  brief: NodeBrief;
  file: FileBrief;
}

interface Known {
  generation: number;
  /** Node keys by rowid. */
  keys: Map<number, number>;
  /** Loaded nodes by key. */
  list: TreeNode[];
  lookup: NodeLookup;
  /** Loaded rows by rowid. */
  briefs: Map<number, NodeBrief>;
  files: Map<number, FileBrief>;
  docIds: Map<number, string>;
  /** Heading terms by key. */
  headingTerms: HeadingTermTable;
}

const KNOWN = new WeakMap<IndexReader, Known>();
/** Nodes kept at most per reader (then the cache starts afresh). */
export const MAX_KNOWN_NODES = 200_000;

function knownFor(reader: IndexReader): Known {
  let known = KNOWN.get(reader);
  if (!known || known.generation !== reader.generation || known.keys.size > MAX_KNOWN_NODES) {
    const list: TreeNode[] = [];
    known = {
      generation: reader.generation,
      keys: new Map(),
      list,
      lookup: { get: (key) => list[key] },
      briefs: new Map(),
      files: new Map(),
      docIds: new Map(),
      headingTerms: new HeadingTermTable(),
    };
    KNOWN.set(reader, known);
  }
  return known;
}

/**
 * Nodes and files loaded for searches (call `reader.refresh()` before creating one), and what one
 * search read of file contents: a tree lives for one search.
 */
export class SearchTree {
  private readonly reader: IndexReader;
  private readonly known: Known;
  /** File contents this search read, and whether each is whole (by file id). */
  private readonly contents = new Map<number, { bytes: Uint8Array; whole: boolean }>();
  /** Long nodes' texts and occurrences this search read for passages (`passages.ts`). */
  readonly passages = new PassageTexts();

  constructor(reader: IndexReader) {
    this.reader = reader;
    this.known = knownFor(reader);
  }

  /** Nodes loaded for this reader and index state (by every search, not only this one). */
  get loadedCount(): number {
    return this.known.keys.size;
  }

  /** Every loaded node, by key (more than this search's: merging only looks up its own). */
  get nodes(): NodeLookup {
    return this.known.lookup;
  }

  /** The analysed heading terms of loaded nodes (`heading-match.ts`), valid as long as the rest. */
  get headingTerms(): HeadingTermTable {
    return this.known.headingTerms;
  }

  /**
   * At least the first `end` bytes of a file's content (all of it when shorter), read once per
   * search however many topics and results need it (`IndexReader.contentUpTo`).
   */
  content(fileId: number, end: number): Uint8Array {
    const read = this.contents.get(fileId);
    if (read && (read.whole || read.bytes.length >= end)) return read.bytes;
    const bytes = this.reader.contentUpTo(fileId, end);
    this.contents.set(fileId, { bytes, whole: bytes.length < end });
    return bytes;
  }

  /** Loads the nodes of rowids `ids`, their ancestors and their files. */
  load(ids: number[]): void {
    const { keys, briefs } = this.known;
    const fresh = ids.filter((id) => !keys.has(id));
    if (fresh.length === 0) return;
    const rows = this.reader.briefs(fresh);
    const ancestors = new Set<number>();
    for (const row of rows) {
      briefs.set(row.id, row);
      if (!row.ancestors) continue;
      const first = row.id - row.position;
      for (const position of row.ancestors.split(',')) {
        const id = first + Number(position);
        if (!keys.has(id) && !briefs.has(id)) ancestors.add(id);
      }
    }
    const above = ancestors.size ? this.reader.briefs([...ancestors]) : [];
    for (const brief of above) briefs.set(brief.id, brief);
    this.loadFiles(rows);
    for (const brief of rows) this.add(brief);
    for (const brief of above) this.add(brief);
  }

  private loadFiles(rows: NodeBrief[]): void {
    const { files, docIds } = this.known;
    const missing = new Set<number>();
    for (const row of rows) if (!files.has(row.file_id)) missing.add(row.file_id);
    if (missing.size === 0) return;
    for (const file of this.reader.files([...missing])) {
      files.set(file.id, file);
      docIds.set(file.id, `${file.vault}:${file.path}`);
    }
  }

  /** The key of rowid `id`, given now if it has none (its node is about to load). */
  private keyFor(id: number): number {
    const { keys } = this.known;
    let key = keys.get(id);
    if (key === undefined) keys.set(id, (key = keys.size));
    return key;
  }

  private add(brief: NodeBrief): void {
    const docId = this.known.docIds.get(brief.file_id);
    if (docId === undefined) return;
    const key = this.keyFor(brief.id);
    if (this.known.list[key]) return;
    this.known.list[key] = {
      brief,
      file: this.known.files.get(brief.file_id)!,
      key,
      doc: brief.file_id,
      parent: brief.parent === null ? null : this.keyFor(brief.parent),
      depth: brief.depth,
      position: brief.position,
      childCount: brief.child_count,
      docId,
    };
  }

  /** The key of a loaded node by its rowid (undefined: not loaded). */
  keyOf(rowid: number): number | undefined {
    return this.known.keys.get(rowid);
  }

  /** The node id (`vault:path#slug`) of a loaded node. */
  idOf(key: number): string {
    const node = this.known.list[key]!;
    const slug = node.brief.slug;
    return slug === null ? node.docId : `${node.docId}#${slug}`;
  }

  /** The row of a loaded node. */
  row(key: number): NodeBrief {
    return this.known.list[key]!.brief;
  }

  /** The key of a loaded node's parent (null: the document node). */
  parentOf(key: number): number | null {
    return this.known.list[key]!.parent;
  }

  /** The file of a loaded node. */
  fileOf(key: number): FileBrief {
    return this.known.list[key]!.file;
  }
}
