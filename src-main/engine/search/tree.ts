// The part of the chunk trees a search touches: the matched nodes, all their ancestors and
// their files, fetched in a handful of set queries (one per tree level), never row by row.
import type { FileBrief, IndexReader, NodeBrief } from '../store/index-reader.ts';
import type { MergeNode } from './merge.ts';

/** Nodes and files loaded for one search, growing as tiers add matches. */
export class SearchTree {
  readonly nodes = new Map<number, MergeNode>();
  readonly files = new Map<number, FileBrief>();
  readonly briefs = new Map<number, NodeBrief>();
  private readonly reader: IndexReader;

  constructor(reader: IndexReader) {
    this.reader = reader;
  }

  /** Loads `ids` and every ancestor not loaded yet. */
  load(ids: Iterable<number>): void {
    let missing = [...new Set(ids)].filter((id) => !this.briefs.has(id));
    const newFiles = new Set<number>();
    while (missing.length > 0) {
      const rows = this.reader.briefs(missing);
      const next = new Set<number>();
      for (const row of rows) {
        this.briefs.set(row.id, row);
        if (!this.files.has(row.file_id)) newFiles.add(row.file_id);
        if (row.parent !== null && !this.briefs.has(row.parent)) next.add(row.parent);
      }
      missing = [...next];
    }
    if (newFiles.size > 0) {
      for (const file of this.reader.files([...newFiles])) this.files.set(file.id, file);
    }
    for (const [id, brief] of this.briefs) {
      if (this.nodes.has(id)) continue;
      const file = this.files.get(brief.file_id);
      if (!file) continue;
      this.nodes.set(id, {
        key: id,
        doc: brief.file_id,
        parent: brief.parent,
        depth: brief.depth,
        position: brief.position,
        childCount: brief.child_count,
        docId: `${file.vault}:${file.path}`,
      });
    }
  }

  /** The file of a loaded node. */
  fileOf(id: number): FileBrief | undefined {
    const brief = this.briefs.get(id);
    return brief ? this.files.get(brief.file_id) : undefined;
  }

  /** True when `a` is `b` or one of its ancestors. */
  contains(a: number, b: number): boolean {
    for (let id: number | null = b; id !== null; id = this.nodes.get(id)?.parent ?? null) {
      if (id === a) return true;
    }
    return false;
  }

  /** True when `a` and `b` are the same node or one contains the other. */
  overlaps(a: number, b: number): boolean {
    return this.contains(a, b) || this.contains(b, a);
  }
}
