// The result list of one search, built tier by tier (SPEC §4): exact matches, then fuzzy-only
// ones, then partial ones, each tier merged among itself (SPEC §5) and against what earlier
// tiers already returned, so that no good raw match is lost on the way:
// - a raw match inside an earlier result is part of it: it joins that result's `mergedFrom`;
// - a raw match holding an earlier result cannot be returned (it would repeat that result, which
//   ranks above it), and no merging may promote its tier's matches into it — otherwise the
//   matches it absorbed would vanish with it;
// - everything else merges among its tier and is ranked; what falls below `limit` is cut.
// A merged result's matched labels are, per topic, those of its best single node: a section
// merged from children that each hold some of the terms does not match them all (SPEC §4
// partial results rank "more matched terms first" by this count). Its score, which ranks it
// among results of that count, combines (SPEC §5) only the nodes holding that many terms: a
// document whose one section holds three of the words is not raised above a section holding
// the same three by its other sections holding one each.
import {
  compareMatches,
  Merged,
  mergeMatches,
  type MergedMatch,
  type NodeLookup,
  type MergeParams,
  type RawMatch,
} from './merge.ts';
import { SEP } from './topics.ts';

/** A result of the list: a merged match of some tier. */
export interface TierResult extends MergedMatch {
  /** True when it came from the partial tier. */
  partial: boolean;
}

/** How results are assembled. */
export interface TierOptions {
  /** Every raw match of every tier and all their ancestors. */
  nodes: NodeLookup;
  /** How many results the list holds at most. */
  limit: number;
  /** T, M and C of SPEC §5. */
  params: MergeParams;
  /** False: raw matches are results of their own (`search --raw`), no merging or containment. */
  merge: boolean;
  /**
   * A result's score multiplier by its own node (the heading boost), applied after merging: a
   * merged parent is judged by its own heading, not by the sum of its children's boosts.
   */
  boost?: (key: number) => number;
  /**
   * An upper bound of `boost` (none: unknown). With it, a tier that is not partial boosts only
   * the results that can still reach the list, and leaves the rest out of its results.
   */
  boostMax?: number;
}

/** A tier's raw matches, merged and ordered, before they join the list. */
export interface PreparedTier {
  /**
   * Its results in rank order (none overlaps an earlier result). With `boostMax`, results that
   * rank below as many as the list can still take may be left out: there are at least that many
   * whenever any is.
   */
  results: TierResult[];
  /** Raw matches inside earlier results: `[index of that result, raw key]`. */
  covered: Array<[number, number]>;
  /** Raw matches dropped because they hold an earlier result. */
  containers: number[];
}

/** A `TierResult` as an instance, not a literal (see `Entry` in `merge.ts`). */
class Result extends Merged implements TierResult {
  partial: boolean;

  constructor(m: MergedMatch, matched: string[], partial: boolean) {
    super(m.key, m.score, m.mergedFrom, matched);
    this.partial = partial;
  }
}

/** What one node matched of one topic: its labels and its best raw score. */
interface TopicMatch {
  score: number;
  labels: string[];
}

/** A node's matches per topic (the part of a label before `SEP`). */
function byTopicOf(raws: RawMatch[]): Map<string, TopicMatch> {
  const byTopic = new Map<string, TopicMatch>();
  for (const raw of raws) {
    for (const label of raw.matched ?? []) {
      const topic = label.slice(0, Math.max(0, label.indexOf(SEP)));
      const entry = byTopic.get(topic);
      if (!entry) byTopic.set(topic, { score: raw.score, labels: [label] });
      else {
        if (!entry.labels.includes(label)) entry.labels.push(label);
        entry.score = Math.max(entry.score, raw.score);
      }
    }
  }
  return byTopic;
}

/**
 * A merged partial result's labels — per topic, those of the node matching the most — and its
 * score: SPEC §5's max(own, combine(descendants)) over the nodes holding as many of a topic's
 * terms as its best node (`keys[0]` is the result's own node).
 */
function representative(
  keys: number[],
  rawOf: Map<number, RawMatch[]>,
  cap: number,
): { labels: string[]; score: number } {
  // `?? []`: a node merging created is no raw match
  const nodes = keys.map((key) => byTopicOf(rawOf.get(key) ?? []));
  const best = new Map<string, TopicMatch>();
  for (const byTopic of nodes) {
    for (const [topic, entry] of byTopic) {
      const seen = best.get(topic);
      const more = seen ? entry.labels.length - seen.labels.length : 1;
      if (more > 0 || (more === 0 && entry.score > seen!.score)) best.set(topic, entry);
    }
  }
  const scoreOf = (byTopic: Map<string, TopicMatch>) => {
    let score = 0;
    for (const [topic, entry] of byTopic) {
      if (entry.labels.length === best.get(topic)!.labels.length)
        score = Math.max(score, entry.score);
    }
    return score;
  };
  let sum = 0;
  let max = 0;
  for (let i = 1; i < nodes.length; i++) {
    const score = scoreOf(nodes[i]!);
    sum += score;
    max = Math.max(max, score);
  }
  const score = Math.max(scoreOf(nodes[0]!), Math.min(sum, cap * max));
  return { labels: [...best.values()].flatMap((b) => b.labels), score };
}

/**
 * Multiplies each score by its boost. `merged` is ordered by score: once a match's best possible
 * boost (`max`) cannot lift it above the `room`-th best boosted score so far, neither can any
 * after it — those are left out (the list could never take them), unboosted.
 */
function boostRanked(
  merged: MergedMatch[],
  boost: (key: number) => number,
  max: number,
  room: number,
): MergedMatch[] {
  // The best boosted scores so far, descending, at most `room` of them. The margin keeps
  // rounding in the boost from ever exceeding the bound.
  const best: number[] = [];
  const bound = max * (1 + 1e-9);
  for (let i = 0; i < merged.length; i++) {
    const m = merged[i]!;
    if (best.length >= room && m.score * bound < best[best.length - 1]!) return merged.slice(0, i);
    m.score *= boost(m.key);
    if (best.length >= room && m.score <= best[best.length - 1]!) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]! < m.score) at--;
    best.splice(at, 0, m.score);
    if (best.length > room) best.pop();
  }
  return merged;
}

/** The ordered, size-limited result list of a search. */
export class ResultList {
  /** The results so far, in rank order. */
  readonly results: TierResult[] = [];
  private readonly options: TierOptions;
  /** Result index by key, and every ancestor-or-self of a result (the blocked nodes). */
  private readonly byKey = new Map<number, number>();
  private readonly blocked = new Set<number>();

  constructor(options: TierOptions) {
    this.options = options;
  }

  /** True once `limit` results are in the list. */
  get full(): boolean {
    return this.results.length >= this.options.limit;
  }

  /** The earlier result holding `key` (itself or an ancestor), if any. */
  private holder(key: number): number | undefined {
    if (!this.options.merge) return this.byKey.get(key);
    const { nodes } = this.options;
    for (let at: number | null = key; at !== null; at = nodes.get(at)?.parent ?? null) {
      const index = this.byKey.get(at);
      if (index !== undefined) return index;
    }
    return undefined;
  }

  /** Merges and orders a tier's raw matches against the results so far (the list is unchanged). */
  prepare(raw: RawMatch[], partial: boolean): PreparedTier {
    const { nodes, params, merge } = this.options;
    const covered: Array<[number, number]> = [];
    const containers: number[] = [];
    const free: RawMatch[] = [];
    // Only partial matches of one topic differ in their labels (every other match of a topic
    // holds all of them), so only there does a merged result's best node need finding.
    const rawOf = partial ? new Map<number, RawMatch[]>() : null;
    for (const match of raw) {
      const same = rawOf?.get(match.key);
      if (same) same.push(match);
      else rawOf?.set(match.key, [match]);
      if (this.results.length === 0) {
        free.push(match);
        continue;
      }
      const holder = this.holder(match.key);
      if (holder !== undefined) covered.push([holder, match.key]);
      else if (merge && this.blocked.has(match.key)) containers.push(match.key);
      else free.push(match);
    }
    const merged = merge
      ? mergeMatches(free, nodes, params, this.blocked)
      : unmergedOf(free, nodes);
    const labels = new Map<MergedMatch, string[]>();
    if (rawOf) {
      for (const m of merged) {
        if (m.mergedFrom.length === 0) continue;
        const keys = [m.key, ...m.mergedFrom];
        const best = representative(keys, rawOf, params.scoreCapMultiplier);
        labels.set(m, best.labels);
        m.score = best.score;
      }
    }
    const { boost, boostMax, limit } = this.options;
    const room = partial || boostMax === undefined ? Infinity : limit - this.results.length;
    const ranked = boost ? boostRanked(merged, boost, boostMax ?? Infinity, room) : merged;
    if (boost) ranked.sort((a, b) => compareMatches(a, b, nodes));
    const results = ranked.map((m) => new Result(m, labels.get(m) ?? m.matched, partial));
    if (partial) {
      results.sort((a, b) => b.matched.length - a.matched.length || compareMatches(a, b, nodes));
    }
    return { results, covered, containers };
  }

  /** Adds a prepared tier: its results in order until the list is full. */
  accept(tier: PreparedTier): void {
    for (const [index, key] of tier.covered) {
      const result = this.results[index]!;
      if (result.key !== key && !result.mergedFrom.includes(key)) result.mergedFrom.push(key);
    }
    for (const result of tier.results) {
      if (this.full) break;
      this.byKey.set(result.key, this.results.length);
      this.results.push(result);
      if (!this.options.merge) continue;
      const { nodes } = this.options;
      for (let at: number | null = result.key; at !== null; at = nodes.get(at)?.parent ?? null) {
        if (this.blocked.has(at)) break; // its ancestors are in already
        this.blocked.add(at);
      }
    }
  }
}

/** Raw matches as results of their own: one per node (best score, every label), ordered. */
export function unmergedOf(raw: RawMatch[], nodes: NodeLookup): MergedMatch[] {
  const byKey = new Map<number, MergedMatch>();
  for (const match of raw) {
    const seen = byKey.get(match.key);
    if (seen) {
      seen.score = Math.max(seen.score, match.score);
      seen.matched = [...new Set([...seen.matched, ...(match.matched ?? [])])];
    } else {
      byKey.set(match.key, new Merged(match.key, match.score, [], [...(match.matched ?? [])]));
    }
  }
  return [...byKey.values()].sort((a, b) => compareMatches(a, b, nodes));
}
