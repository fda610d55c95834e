// Search history as data: recent searches and recently opened sections ranked by frecency
// (how often and how recently, as Firefox ranks its address bar). Pure functions over a small
// versioned record that both windows keep in the page's storage
// (docs/decisions.md#search-history).

/** A search the user acted on: its topics as typed. */
export interface RecentSearch {
  /** The non-empty topics, trimmed (one for an ordinary search). */
  topics: string[];
  /** Last time it was used, epoch milliseconds. */
  at: number;
}

/** A section the user opened (showed on purpose), with what a list row needs to show it. */
export interface OpenedSection {
  /** Node id. */
  id: string;
  title: string;
  breadcrumb: string;
  vault: string;
  path: string;
  /** The latest visits, newest first (at most `MAX_VISITS`), epoch milliseconds. */
  visits: number[];
  /** Visits in all, including those no longer listed in `visits`. */
  count: number;
}

/** What is kept. `version` stamps the shape: another version is read as empty. */
export interface HistoryData {
  version: 1;
  /** Newest first, at most `MAX_SEARCHES`, no two with the same topics. */
  searches: RecentSearch[];
  /** At most `MAX_SECTIONS`, in no particular order (rank with `frecentSections`). */
  sections: OpenedSection[];
}

/** The storage key both windows use. */
export const HISTORY_KEY = 'folio-history';
export const MAX_SEARCHES = 50;
export const MAX_SECTIONS = 200;
/** Visits kept per section for the frecency score. */
export const MAX_VISITS = 10;
/** The longest topic kept (a pasted page is not worth remembering whole). */
const MAX_TOPIC_CHARS = 500;

const DAY = 86_400_000;
/** Weight of one visit by its age (Firefox's frecency buckets). */
const AGE_WEIGHTS: ReadonlyArray<[number, number]> = [
  [4 * DAY, 100],
  [14 * DAY, 70],
  [31 * DAY, 50],
  [90 * DAY, 30],
];
const OLD_VISIT_WEIGHT = 10;

/** An empty history. */
export function emptyHistory(): HistoryData {
  return { version: 1, searches: [], sections: [] };
}

/** Reads stored history; anything unreadable or of another version is an empty history. */
export function parseHistory(raw: string | null): HistoryData {
  if (!raw) return emptyHistory();
  try {
    const data = JSON.parse(raw) as Partial<HistoryData>;
    if (data?.version !== 1 || !Array.isArray(data.searches) || !Array.isArray(data.sections))
      return emptyHistory();
    const searches = data.searches.filter(
      (search) =>
        Array.isArray(search?.topics) &&
        search.topics.every((topic) => typeof topic === 'string') &&
        typeof search.at === 'number',
    );
    const sections = data.sections.filter(
      (section) =>
        typeof section?.id === 'string' &&
        typeof section.title === 'string' &&
        Array.isArray(section.visits) &&
        section.visits.every((visit) => typeof visit === 'number'),
    );
    return { version: 1, searches, sections };
  } catch {
    return emptyHistory();
  }
}

/** Records a search of `topics` (empty ones dropped) at `now`; the same topics move to the top. */
export function recordSearch(
  data: HistoryData,
  topics: readonly string[],
  now: number,
): HistoryData {
  const kept = topics
    .map((topic) => topic.trim().slice(0, MAX_TOPIC_CHARS))
    .filter((topic) => topic !== '');
  if (kept.length === 0) return data;
  const key = JSON.stringify(kept);
  const others = data.searches.filter((search) => JSON.stringify(search.topics) !== key);
  return { ...data, searches: [{ topics: kept, at: now }, ...others].slice(0, MAX_SEARCHES) };
}

/** What a section row shows; the visits are added by `recordOpened`. */
export type SectionInfo = Pick<OpenedSection, 'id' | 'title' | 'breadcrumb' | 'vault' | 'path'>;

/** Records a visit of `section` at `now`; past `MAX_SECTIONS` the least frecent is forgotten. */
export function recordOpened(data: HistoryData, section: SectionInfo, now: number): HistoryData {
  const before = data.sections.find((entry) => entry.id === section.id);
  const entry: OpenedSection = {
    id: section.id,
    title: section.title,
    breadcrumb: section.breadcrumb,
    vault: section.vault,
    path: section.path,
    visits: [now, ...(before?.visits ?? [])].slice(0, MAX_VISITS),
    count: (before?.count ?? 0) + 1,
  };
  let sections = [entry, ...data.sections.filter((other) => other.id !== section.id)];
  if (sections.length > MAX_SECTIONS) {
    sections = sections
      .map((other) => ({ other, score: frecency(other, now) }))
      .sort((a, b) => b.score - a.score || b.other.visits[0]! - a.other.visits[0]!)
      .slice(0, MAX_SECTIONS)
      .map(({ other }) => other);
  }
  return { ...data, sections };
}

/**
 * A section's frecency at `now`: the mean weight of its listed visits by age, times how many
 * visits it had in all (Firefox's formula; visits in the future count as new).
 */
export function frecency(section: OpenedSection, now: number): number {
  if (section.visits.length === 0) return 0;
  const weights = section.visits.map((visit) => {
    const age = now - visit;
    return AGE_WEIGHTS.find(([limit]) => age <= limit)?.[1] ?? OLD_VISIT_WEIGHT;
  });
  const mean = weights.reduce((sum, weight) => sum + weight, 0) / weights.length;
  return mean * Math.max(section.count, section.visits.length);
}

/** The `limit` most frecent sections, ties broken by the latest visit. */
export function frecentSections(data: HistoryData, now: number, limit = 8): OpenedSection[] {
  return data.sections
    .map((section) => ({ section, score: frecency(section, now) }))
    .sort((a, b) => b.score - a.score || b.section.visits[0]! - a.section.visits[0]!)
    .slice(0, limit)
    .map(({ section }) => section);
}

/** The latest search's topics, or null. */
export function lastSearch(data: HistoryData): string[] | null {
  return data.searches[0]?.topics ?? null;
}

/** Forgets one search (by its topics) or one section (by id). */
export function forget(
  data: HistoryData,
  item: { topics: string[] } | { id: string },
): HistoryData {
  if ('id' in item) return { ...data, sections: data.sections.filter((s) => s.id !== item.id) };
  const key = JSON.stringify(item.topics);
  return { ...data, searches: data.searches.filter((s) => JSON.stringify(s.topics) !== key) };
}
