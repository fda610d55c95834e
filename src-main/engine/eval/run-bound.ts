// `cli eval --bound` (docs/search-quality.md#how-far-ranking-alone-could-go): for each labelled
// query, what every row of the index holds of the query's wanted words — planned as a search plans
// them (stop words, stemming, fuzzy variants: search/topic.ts), read as FTS5 row sets, three
// statements per wanted operand — and from that the candidate ceiling and the coverage-dominance
// bound of coverage-bound.ts.
import { FolioError } from '#shared/contract/engine.ts';
import type { EngineInternals } from '../service/engine-internals.ts';
import type { NodeRow } from '../store/node-rows.ts';
import type { IndexReader } from '../store/index-reader.ts';
import { Vocabulary } from '../query/fuzzy.ts';
import { countRows, rowidsOf } from '../search/fts-statements.ts';
import { inFilters } from '../search/fts-expressions.ts';
import { RANKING_DEFAULTS } from '../search/ranking.ts';
import { ONLY_QUERY, planTopic, type PlanContext, type Topic } from '../search/topic.ts';
import {
  answerBound,
  NOTHING,
  type AnswerBound,
  type CandidateRow,
  type DocNode,
  type Held,
  type MergeRule,
} from './coverage-bound.ts';
import { scoreRanks, type Scores } from './metrics.ts';
import type { LabelledQuery, QuerySet } from './query-set.ts';

/** One query's bound. */
export interface QueryBound {
  q: string;
  expected: string;
  /**
   * The best rank a coverage-monotone ranking can give its answer; null when no node showing the
   * answer can be a result at all (no section of it holds a wanted word).
   */
  rank: number | null;
  /** What the answer's best result holds at most: wanted operands, `~` before a fuzzy-only one. */
  holds: string[];
  /** A section that must rank above it, and what it holds (absent when none must). */
  rival?: { id: string; holds: string[] };
}

/** The two bounds of a query set, and each query's. */
export interface BoundReport {
  /** Answers that can be a result at all, each as if ranked first. */
  ceiling: Scores;
  /** Each answer at its best rank under coverage dominance. */
  dominance: Scores;
  queries: QueryBound[];
}

type BoundEngine = Pick<EngineInternals, 'reader' | 'settings' | 'analyzer'>;

/** What one query's rows hold, by rowid, and which are candidates. */
interface Rows {
  held: Map<number, Held>;
  /** Rows holding a wanted operand in their own title or body. */
  own: Set<number>;
}

/** The index's files by first node, to find a row's document. */
interface Files {
  first: number[];
  count: number[];
}

function readFiles(reader: IndexReader): Files {
  const rows = reader.db
    .prepare('SELECT first_node, node_count FROM files ORDER BY first_node')
    .raw()
    .all() as Array<[number, number]>;
  return { first: rows.map((r) => r[0]), count: rows.map((r) => r[1]) };
}

/** The first node (document node) of the file holding `rowid`, or -1. */
function docOf(files: Files, rowid: number): number {
  let lo = 0;
  let hi = files.first.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (files.first[mid]! <= rowid) lo = mid + 1;
    else hi = mid - 1;
  }
  if (hi < 0 || rowid >= files.first[hi]! + files.count[hi]!) return -1;
  return files.first[hi]!;
}

/** Every row holding a wanted operand, within the topic's filters: three statements each. */
function heldRows(reader: IndexReader, topic: Topic): Rows {
  const held = new Map<number, Held>();
  const own = new Set<number>();
  for (const [i, { operand }] of topic.wanted.entries()) {
    const bit = 1 << i;
    const anyForm = operand.fuzzy ?? operand.expr;
    for (const rowid of rowidsOf(reader, inFilters(topic, anyForm))) {
      const h = held.get(rowid) ?? { exact: 0, any: 0 };
      h.any |= bit;
      held.set(rowid, h);
    }
    for (const rowid of rowidsOf(reader, inFilters(topic, operand.expr))) {
      const h = held.get(rowid);
      if (h) h.exact |= bit;
    }
    for (const rowid of rowidsOf(reader, inFilters(topic, `{title body} : (${anyForm})`))) {
      own.add(rowid);
    }
  }
  return { held, own };
}

function inScope(topic: Topic, rowid: number): boolean {
  const within = (r: { lo: number; hi: number }) => rowid >= r.lo && rowid < r.hi;
  const { include, exclude } = topic.scope;
  return (include === null || include.some(within)) && !exclude.some(within);
}

/** The candidate rows of a topic: held in its own heading or text, or by a document node. */
function candidateRows(reader: IndexReader, topic: Topic, rows: Rows, files: Files) {
  const { pathPrefixes, excludePathPrefixes, dates } = topic.query.filters;
  const fileTest = pathPrefixes.length + excludePathPrefixes.length + dates.length > 0;
  const accepted = new Map<number, boolean>();
  const accepts = (doc: number) => {
    if (!fileTest) return true;
    let ok = accepted.get(doc);
    if (ok === undefined) {
      const [node] = reader.briefs([doc]);
      const [file] = node ? reader.files([node.file_id]) : [];
      accepted.set(doc, (ok = file !== undefined && topic.acceptsFile(file)));
    }
    return ok;
  };
  const out: CandidateRow[] = [];
  for (const [rowid, held] of rows.held) {
    const doc = docOf(files, rowid);
    if (doc < 0 || !inScope(topic, rowid)) continue;
    if ((rows.own.has(rowid) || rowid === doc) && accepts(doc)) out.push({ rowid, doc, held });
  }
  return out;
}

/** A label's document nodes and its accepted nodes (it and its ancestors); null if unknown. */
function labelNodes(reader: IndexReader, vault: string, label: string) {
  const hash = label.indexOf('#');
  const path = hash === -1 ? label : label.slice(0, hash);
  const file = reader.fileByPath(vault, path);
  if (!file) return null;
  const nodes = reader.documentNodes(file);
  const slug = hash === -1 ? null : label.slice(hash + 1);
  const target = slug === null ? nodes[0] : nodes.find((n) => n.slug === slug);
  if (!target) return null;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const accepted = new Set<number>();
  for (
    let n: NodeRow | undefined = target;
    n;
    n = n.parent === null ? undefined : byId.get(n.parent)
  )
    accepted.add(n.id);
  return { doc: file.first_node, nodes, accepted };
}

/** The operands a holding names, `~` before one held only through a fuzzy variant. */
function holdsOf(topic: Topic, held: Held): string[] {
  return topic.wanted.flatMap(({ operand }, i) =>
    held.exact & (1 << i) ? [operand.label] : held.any & (1 << i) ? [`~${operand.label}`] : [],
  );
}

/** A node's id as labels and results name it: `vault:path#slug`, or `vault:path` for a document. */
function nodeId(reader: IndexReader, rowid: number): string {
  const [node] = reader.briefs([rowid]);
  const [file] = node ? reader.files([node.file_id]) : [];
  if (!node || !file) return String(rowid);
  return node.depth === 0 || !node.slug
    ? `${file.vault}:${file.path}`
    : `${file.vault}:${file.path}#${node.slug}`;
}

/** One query's bound: the best over the documents of its labels. */
function queryBound(
  engine: BoundEngine,
  context: { plan: PlanContext; files: Files; rule: MergeRule; vault: string },
  query: LabelledQuery,
): QueryBound {
  const { reader } = engine;
  const topic = planTopic(query.q, ONLY_QUERY, context.plan);
  const rows = candidateRows(reader, topic, heldRows(reader, topic), context.files);
  const candidates = new Set(rows.map((r) => r.rowid));
  const heldOf = new Map(rows.map((r) => [r.rowid, r.held]));
  let best: AnswerBound = { rank: null, result: null, held: NOTHING, rival: null };
  for (const label of [query.expected, ...(query.also ?? [])]) {
    const found = labelNodes(reader, context.vault, label);
    if (!found) continue;
    const nodes: DocNode[] = found.nodes.map((n) => ({
      rowid: n.id,
      parent: n.parent,
      childCount: n.child_count,
      candidate: candidates.has(n.id),
      held: heldOf.get(n.id) ?? NOTHING,
    }));
    const bound = answerBound(found.doc, nodes, found.accepted, rows, context.rule);
    if (bound.rank !== null && (best.rank === null || bound.rank < best.rank)) best = bound;
  }
  return {
    q: query.q,
    expected: query.expected,
    rank: best.rank,
    holds: holdsOf(topic, best.held),
    ...(best.rival
      ? { rival: { id: nodeId(reader, best.rival.rowid), holds: holdsOf(topic, best.rival.held) } }
      : {}),
  };
}

/**
 * The candidate ceiling and the coverage-dominance bound of a query set on the engine's index,
 * with the search's own planning (settings, vocabulary, `RANKING_DEFAULTS`' fuzzy rules).
 */
export function runBound(engine: BoundEngine, set: QuerySet, vault: string): BoundReport {
  const { reader } = engine;
  reader.refresh();
  if (!reader.vaults().some((v) => v.name === vault)) {
    throw new FolioError('not-found', `vault "${vault}" is not in the database`);
  }
  const settings = engine.settings();
  const plan: PlanContext = {
    analyzer: engine.analyzer(),
    vocabulary: new Vocabulary(reader.vocabulary(), reader.rowCount()),
    vaults: reader.vaults(),
    options: RANKING_DEFAULTS,
    fuzzy: settings.fuzzyDistance > 0,
    countRows: (expr, cap) => countRows(reader, expr, cap),
  };
  const context = { plan, files: readFiles(reader), rule: settings, vault };
  const queries = set.queries.map((query) => queryBound(engine, context, query));
  return {
    ceiling: scoreRanks(queries.map((q) => (q.rank === null ? null : 1))),
    dominance: scoreRanks(queries.map((q) => q.rank)),
    queries,
  };
}
