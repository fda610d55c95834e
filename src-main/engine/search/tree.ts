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

  /** Loads `rows` (their briefs came with them), their ancestors and their files. */
  load(rows: NodeBrief[]): void {
    const missing = new Set<number>();
    for (const row of rows) if (!this.briefs.has(row.id)) this.briefs.set(row.id, row);
    for (const row of rows) {
      if (!row.ancestors) continue;
      const first = row.id - row.position;
      for (const position of row.ancestors.split(',')) {
        const id = first + Number(position);
        if (!this.briefs.has(id)) missing.add(id);
      }
    }
    // All ancestors of all rows in one query: their positions came with the rows.
    if (missing.size > 0)
      for (const brief of this.reader.briefs([...missing])) this.briefs.set(brief.id, brief);
    const newFiles = new Set<number>();
    for (const row of rows) if (!this.files.has(row.file_id)) newFiles.add(row.file_id);
    if (newFiles.size > 0) {
      for (const file of this.reader.files([...newFiles])) this.files.set(file.id, file);
    }
    for (const id of [...rows.map((r) => r.id), ...missing]) {
      if (this.nodes.has(id)) continue;
      const brief = this.briefs.get(id);
      const file = brief && this.files.get(brief.file_id);
      if (!brief || !file) continue;
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

  /** The node id (`vault:path#slug`) of a loaded node. */
  idOf(key: number): string {
    const brief = this.briefs.get(key)!;
    const file = this.files.get(brief.file_id)!;
    const docId = `${file.vault}:${file.path}`;
    return brief.slug === null ? docId : `${docId}#${brief.slug}`;
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
