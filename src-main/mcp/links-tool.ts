// The `links` tool (docs/mcp.md#links): a note's or a section's outgoing links and the sections
// that link to it, with each backlink's line of context. A section answers for its subtree (its
// subsections too, as `read` does). Bounded: at most `limit` links in each list, and both lists
// stop within half of the 25,000-token answer each, saying how many they left out.
import type { Backlink, OutgoingLink, OutlineResponse } from '#shared/contract/api.ts';
import { FolioError, type EngineService } from '#shared/contract/engine.ts';
import { ANSWER_CHARS, capped, crumb, within } from './render.ts';

/** Links of each list a call returns when it does not say. */
export const DEFAULT_LINKS_LIMIT = 30;
/** What the engine is asked for when a section's links are filtered from its note's. */
const ALL_LINKS = 100_000;
/** Characters each list may take (half the answer's bound each). */
const LIST_CHARS = ANSWER_CHARS / 2;

/** A link out of the note or section: `to` is null when it names no indexed note. */
export type AgentOutgoing = Pick<OutgoingLink, 'from' | 'to' | 'target' | 'embed'>;

/**
 * A section that links here: where it is, where it points, the text around the link (as a reader
 * sees it, the link's text in `**…**`).
 */
export type AgentBacklink = Pick<
  Backlink,
  'from' | 'docId' | 'breadcrumb' | 'to' | 'target' | 'context' | 'embed'
>;

/** `links`' structured result. */
export interface LinksResult {
  id: string;
  docId: string;
  outgoing: AgentOutgoing[];
  /** Every outgoing link, including those left out. */
  outgoingCount: number;
  backlinks: AgentBacklink[];
  /** Every backlink, including those left out. */
  backlinkCount: number;
  /** True when either list was cut (by `limit` or by the size bound). */
  truncated: boolean;
}

/** The ids of a node and its subsections (the outline lists nodes in document order). */
function subtree(outline: OutlineResponse, id: string): Set<string> {
  const at = outline.nodes.findIndex((n) => n.id === id);
  const ids = new Set([id]);
  const self = outline.nodes[at];
  if (!self) return ids;
  for (const node of outline.nodes.slice(at + 1)) {
    if (node.depth <= self.depth) break;
    ids.add(node.id);
  }
  return ids;
}

/** An id that names no note or section (one message for both; the engine's names a document). */
const unknown = (id: string) => new FolioError('not-found', `no indexed note or section "${id}"`);

const notFound = (error: unknown) => error instanceof FolioError && error.code === 'not-found';

/**
 * The links of a note, or of a section's subtree when given a section id (`docId#slug`: a slug
 * holds no `#`, so the note is what comes before the last one; a note's path may hold one).
 */
async function linksOf(engine: EngineService, id: string, limit: number) {
  try {
    return await engine.links({ docId: id, limit, outgoingLimit: limit });
  } catch (error) {
    if (!notFound(error) || !id.includes('#')) throw notFound(error) ? unknown(id) : error;
  }
  const docId = id.slice(0, id.lastIndexOf('#'));
  const [found, outline] = await Promise.all([
    engine.links({ docId, limit: ALL_LINKS, outgoingLimit: ALL_LINKS }),
    engine.outline({ docId }),
  ]).catch((error: unknown) => {
    throw notFound(error) ? unknown(id) : error;
  });
  if (!outline.nodes.some((n) => n.id === id)) throw unknown(id);
  const ids = subtree(outline, id);
  const backlinks = found.backlinks.filter((b) => b.to !== null && ids.has(b.to));
  const outgoing = found.outgoing.filter((o) => ids.has(o.from));
  return {
    docId,
    outgoing: outgoing.slice(0, limit),
    outgoingCount: outgoing.length,
    backlinks: backlinks.slice(0, limit),
    backlinkCount: backlinks.length,
  };
}

/** Consecutive runs of `list` whose items have the same `key`, with how many each run holds. */
function runs<T>(list: T[], key: (item: T) => string): Array<{ item: T; count: number }> {
  const out: Array<{ item: T; count: number; key: string }> = [];
  for (const item of list) {
    const k = key(item);
    const last = out.at(-1);
    if (last?.key === k) last.count++;
    else out.push({ item, count: 1, key: k });
  }
  return out;
}

/**
 * The text a model reads (docs/mcp.md#links): each id once — outgoing links under the section
 * that holds them, a backlink's target only when it is not the node asked about, the same link
 * repeated on one line counted once. The links as written are in the structured result.
 */
function render(result: LinksResult, limit: number, shown: Backlink[]): string {
  const head = `${result.id} — ${result.outgoingCount} outgoing, ${result.backlinkCount} backlinks`;
  const times = (count: number) => (count > 1 ? ` ×${count}` : '');
  const embed = (link: { embed: boolean }) => (link.embed ? ' (embed)' : '');
  const bySection = Map.groupBy(result.outgoing, (o) => o.from);
  const out = [...bySection].flatMap(([from, links]) => [
    `  in ${from}:`,
    ...runs(links, (l) => `${l.to}\0${l.embed}\0${l.to ? '' : l.target}`).map(
      ({ item: o, count }) =>
        `    → ${o.to ?? `no such note: "${capped(o.target)}"`}${embed(o)}${times(count)}`,
    ),
  ]);
  // The links of one line into the same place are one entry, each link's text marked.
  const entries = runs(
    shown.map((b, i) => ({ b, i })),
    ({ b }) => [b.from, b.to, b.embed, b.context].join('\0'),
  ).map(({ item: { b, i: first }, count }) => {
    const to = b.to === result.id ? '' : ` → ${b.to}`;
    const links = shown.slice(first, first + count).map((link) => link.contextLink);
    return { b, first, line: `${to}${embed(b)}${times(count)}: ${marked(b.context, links)}` };
  });
  // A section linking here from several lines is named once, its lines under it.
  const back = [...Map.groupBy(entries, (e) => e.b.from)].flatMap(([from, lines], i) => {
    const { breadcrumb } = result.backlinks[lines[0]!.first]!;
    const head = `  ${i + 1}. ${breadcrumb} — ${from}`;
    if (lines.length === 1) return [`${head}${lines[0]!.line}`];
    return [
      `${head} (${lines.length} lines):`,
      ...lines.map((e) => `     ·${e.line.replace(/^: /, ' ')}`),
    ];
  });
  const left = (shown: number, all: number) =>
    shown >= all
      ? []
      : [
          `  … ${all - shown} more not shown (${shown < limit ? 'the answer is kept short' : 'a larger limit shows more'})`,
        ];
  return [
    head,
    `Outgoing (${result.outgoingCount}):`,
    ...out,
    ...left(result.outgoing.length, result.outgoingCount),
    `Backlinks (${result.backlinkCount}):`,
    ...back,
    ...left(result.backlinks.length, result.backlinkCount),
  ].join('\n');
}

/**
 * A backlink's context as a reader sees it, the text of its links (`ranges`, in order) in `**…**`
 * as search marks matched words (docs/links.md#backlinks says why not the Markdown as written).
 */
function marked(context: string, ranges: Array<[number, number]>): string {
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || !context.slice(start, end).trim()) continue;
    out += `${context.slice(at, start)}**${context.slice(start, end)}**`;
    at = end;
  }
  return out + context.slice(at);
}

/** The `links` tool: the text and the structured result. */
export async function links(
  engine: EngineService,
  args: { id: string; limit?: number },
): Promise<{ text: string; structured: LinksResult }> {
  const limit = args.limit ?? DEFAULT_LINKS_LIMIT;
  const found = await linksOf(engine, args.id, limit);
  const outgoing = within(
    found.outgoing.map(({ from, to, target, embed }) => ({ from, to, target, embed })),
    (o) => o.from.length + (o.to?.length ?? 0) + o.target.length + 60,
    LIST_CHARS,
  );
  const backlinks = within(
    found.backlinks.map((b) => ({
      from: b.from,
      docId: b.docId,
      breadcrumb: crumb(b.breadcrumb),
      to: b.to,
      target: b.target,
      context: marked(b.context, [b.contextLink]),
      embed: b.embed,
    })),
    (b) => b.from.length + b.breadcrumb.length + b.target.length + b.context.length + 80,
    LIST_CHARS,
  );
  const structured: LinksResult = {
    id: args.id,
    docId: found.docId,
    outgoing,
    outgoingCount: found.outgoingCount,
    backlinks,
    backlinkCount: found.backlinkCount,
    truncated: outgoing.length < found.outgoingCount || backlinks.length < found.backlinkCount,
  };
  const shown = found.backlinks.slice(0, backlinks.length);
  return { text: render(structured, limit, shown), structured };
}
