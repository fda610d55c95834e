// The part of the chunk trees searches touch: matched nodes, all their ancestors and their
// files. Node facts cannot change until another connection commits, so they are kept per
// reader and cache generation (`IndexReader.generation`: it moves with `data_version`) and
// shared by every search in between; a search only adds what it has not seen (in one set query
// for the rows, one for all their ancestors, one for files).
import type { FileBrief, IndexReader, NodeBrief } from '../store/index-reader.ts';
import type { HeadingTerms } from './heading-match.ts';
import type { MergeNode } from './merge.ts';

/** A loaded node: what merging needs, with its row and file at hand (one lookup, not two). */
interface TreeNode extends MergeNode {
  brief: NodeBrief;
  file: FileBrief;
}

interface Known {
  generation: number;
  nodes: Map<number, TreeNode>;
  briefs: Map<number, NodeBrief>;
  files: Map<number, FileBrief>;
  docIds: Map<number, string>;
  headings: Map<number, HeadingTerms>;
  texts: Map<string, ReadonlySet<string>>;
}

const KNOWN = new WeakMap<IndexReader, Known>();
/** Nodes kept at most per reader (then the cache starts afresh). */
const MAX_KNOWN_NODES = 200_000;

function knownFor(reader: IndexReader): Known {
  let known = KNOWN.get(reader);
  if (!known || known.generation !== reader.generation || known.nodes.size > MAX_KNOWN_NODES) {
    known = {
      generation: reader.generation,
      nodes: new Map(),
      briefs: new Map(),
      files: new Map(),
      docIds: new Map(),
      headings: new Map(),
      texts: new Map(),
    };
    KNOWN.set(reader, known);
  }
  return known;
}

/** Nodes and files loaded for searches (call `reader.refresh()` before creating one). */
export class SearchTree {
  private readonly reader: IndexReader;
  private readonly known: Known;

  constructor(reader: IndexReader) {
    this.reader = reader;
    this.known = knownFor(reader);
  }

  /** Every loaded node, by rowid (more than this search's: merging only looks up its own). */
  get nodes(): Map<number, MergeNode> {
    return this.known.nodes;
  }

  /** The analysed heading terms of loaded nodes (`heading-match.ts`), valid as long as the rest. */
  get headingCache(): Map<number, HeadingTerms> {
    return this.known.headings;
  }

  /** The analysed terms of titles and paths by text (`heading-match.ts`), kept alike. */
  get textTermsCache(): Map<string, ReadonlySet<string>> {
    return this.known.texts;
  }

  /** Loads nodes `ids`, their ancestors and their files. */
  load(ids: number[]): void {
    const { nodes, briefs } = this.known;
    const fresh = ids.filter((id) => !nodes.has(id));
    if (fresh.length === 0) return;
    const rows = this.reader.briefs(fresh);
    const ancestors = new Set<number>();
    for (const row of rows) {
      briefs.set(row.id, row);
      if (!row.ancestors) continue;
      const first = row.id - row.position;
      for (const position of row.ancestors.split(',')) {
        const id = first + Number(position);
        if (!nodes.has(id) && !briefs.has(id)) ancestors.add(id);
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

  private add(brief: NodeBrief): void {
    const docId = this.known.docIds.get(brief.file_id);
    if (docId === undefined || this.known.nodes.has(brief.id)) return;
    this.known.nodes.set(brief.id, {
      brief,
      file: this.known.files.get(brief.file_id)!,
      key: brief.id,
      doc: brief.file_id,
      parent: brief.parent,
      depth: brief.depth,
      position: brief.position,
      childCount: brief.child_count,
      docId,
    });
  }

  /** The node id (`vault:path#slug`) of a loaded node. */
  idOf(key: number): string {
    const node = this.known.nodes.get(key)!;
    const slug = node.brief.slug;
    return slug === null ? node.docId : `${node.docId}#${slug}`;
  }

  /** The row of a loaded node. */
  row(key: number): NodeBrief {
    return this.known.briefs.get(key)!;
  }

  /** The file of a loaded node. */
  fileOf(id: number): FileBrief | undefined {
    return this.known.nodes.get(id)?.file;
  }

  /** True when `a` is `b` or one of its ancestors. */
  contains(a: number, b: number): boolean {
    for (let id: number | null = b; id !== null; id = this.known.nodes.get(id)?.parent ?? null) {
      if (id === a) return true;
    }
    return false;
  }

  /** True when `a` and `b` are the same node or one contains the other. */
  overlaps(a: number, b: number): boolean {
    return this.contains(a, b) || this.contains(b, a);
  }
}
