// Where a note's wikilinks lead: `[[Note#Heading]]` → a node id, or missing. Resolved through
// the API the window already has (outline by path, then a search by the note's name), cached per
// note until the index changes (docs/ui.md#the-preview).
import GithubSlugger from 'github-slugger';
import type { FolioApi, OutlineResponse } from '#shared/contract/api.ts';
import { TaskLimit } from '#shared/task-limit.ts';
import { SvelteMap } from 'svelte/reactivity';
import { parseWikiTarget } from '../lib/wikilink-syntax.ts';

/** The note a link is written in. */
export interface LinkSource {
  docId: string;
  vault: string;
  path: string;
}

/** A link's state: the node it leads to, `null` when missing, `undefined` while resolving. */
export type LinkState = string | null | undefined;

/** The most outgoing links the API lists (an index note of obsidian-hub holds 2,920). */
const MAX_OUTGOING = 100_000;

/** Results searched for a note by name before it is called missing. */
const SEARCH_LIMIT = 50;

/**
 * Links resolved at once. Each costs up to three outlines and a search; obsidian-hub's plugin
 * lists hold 2,400 links in one section, whose calls all sent at once kept the next keystroke's
 * search waiting behind them for 5 s (docs/ui.md#the-preview).
 */
export const MAX_RESOLVING = 4;

/** Resolved wikilinks, by source note and link text. */
export class WikiLinksState {
  readonly #resolved = new SvelteMap<string, string | null>();
  // Not state: nothing renders from it.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #inFlight = new Map<string, Promise<string | null>>();
  /** Links resolving, `MAX_RESOLVING` at once, the others waiting in the order asked for. */
  readonly #turns = new TaskLimit(MAX_RESOLVING);
  /** Each note's links as the index resolved them: target as written → node id or null. */
  // Not state either.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #graphs = new Map<string, Promise<Map<string, string | null> | null>>();
  readonly #api: FolioApi;

  constructor(api: FolioApi) {
    this.#api = api;
  }

  /** The state of link `raw` in `from` (reading it starts resolving it). */
  state(from: LinkSource, raw: string): LinkState {
    const key = `${from.docId}\u0000${raw}`;
    if (this.#resolved.has(key)) return this.#resolved.get(key);
    void this.resolve(from, raw);
    return undefined;
  }

  /** Resolves link `raw` written in `from` to a node id, or null when it leads nowhere. */
  resolve(from: LinkSource, raw: string): Promise<string | null> {
    const key = `${from.docId}\u0000${raw}`;
    if (this.#resolved.has(key)) return Promise.resolve(this.#resolved.get(key)!);
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#turns
        .run(() => this.#find(from, raw))
        .then((id) => {
          this.#inFlight.delete(key);
          this.#resolved.set(key, id);
          return id;
        });
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  /** Forgets every resolution (the index changed: a missing note may exist now). */
  clear(): void {
    this.#resolved.clear();
    this.#graphs.clear();
  }

  /**
   * Where the index resolved the link (docs/links.md#resolution: Obsidian's rules, aliases,
   * Dendron's forms), else — a link the index does not keep, such as one to an attachment — the
   * note found by its name.
   */
  async #find(from: LinkSource, raw: string): Promise<string | null> {
    const graph = await this.#graph(from.docId);
    if (graph?.has(raw)) return graph.get(raw)!;
    const target = parseWikiTarget(raw);
    const outline =
      target.note === '' ? await this.#outline(from.docId) : await this.#note(from, target.note);
    if (!outline) return null;
    if (!target.heading) return outline.docId;
    const slug = new GithubSlugger().slug(target.heading);
    const wanted = target.heading.toLowerCase();
    const node = outline.nodes.find(
      (node) => node.slug === slug || node.title.toLowerCase() === wanted,
    );
    return node?.id ?? null;
  }

  /** The outline of the note a link names: beside `from`, at the vault's root, else by name. */
  async #note(from: LinkSource, note: string): Promise<OutlineResponse | null> {
    // `.md` is optional, and a dot is no extension of a note: `[[dendron.topic.graph]]`,
    // `[[Release 1.2]]` name `….md`; `[[notes.txt]]` may also be the file as written.
    const files = /\.md$/i.test(note)
      ? [note]
      : /\.[a-z0-9]{1,8}$/i.test(note)
        ? [`${note}.md`, note]
        : [`${note}.md`];
    const folder = from.path.includes('/')
      ? from.path.slice(0, from.path.lastIndexOf('/') + 1)
      : '';
    for (const file of files) {
      for (const path of folder === '' ? [file] : [`${folder}${file}`, file]) {
        const outline = await this.#outline(`${from.vault}:${path}`);
        if (outline) return outline;
      }
    }
    const bases = files.map((file) => file.split('/').pop()!.toLowerCase());
    const answer = await this.#api.search({
      queries: [note.split('/').pop()!],
      limit: SEARCH_LIMIT,
      detail: 'text', // only paths are read
    });
    if (!answer.ok) return null;
    const matches = answer.value.results.filter((result) =>
      bases.includes(result.path.split('/').pop()!.toLowerCase()),
    );
    const best = matches.find((result) => result.vault === from.vault) ?? matches[0];
    return best ? this.#outline(best.docId) : null;
  }

  /** The note's outgoing links, asked for once (every one: an index note holds thousands). */
  #graph(docId: string): Promise<Map<string, string | null> | null> {
    let graph = this.#graphs.get(docId);
    if (!graph) {
      graph = this.#api.links({ docId, limit: 1, outgoingLimit: MAX_OUTGOING }).then((answer) => {
        if (!answer.ok) return null;
        const targets = answer.value.outgoing.map((link) => [link.target, link.to] as const);
        // Not state: read once per link, never rendered.
        // eslint-disable-next-line svelte/prefer-svelte-reactivity
        return new Map(targets);
      });
      this.#graphs.set(docId, graph);
    }
    return graph;
  }

  async #outline(docId: string): Promise<OutlineResponse | null> {
    const answer = await this.#api.outline({ docId });
    return answer.ok ? answer.value : null;
  }
}
