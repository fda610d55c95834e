// A file's dates as filters and sorting read them (docs/design.md#date-filters): `modified` is the
// file's modification time; `created` the frontmatter `created`, else its `date`; `updated` the
// frontmatter `updated`, else the modification time; `date` the frontmatter `date`, else `created`.
import type { FileBrief } from '../store/index-reader.ts';
import { passesDateFilter, type DateField, type DateFilter } from './date-filter.ts';

/** What the per-file filters read of a file: its path and its dates. */
export type DatedFile = Pick<
  FileBrief,
  'path' | 'mtime_ms' | 'fm_date' | 'fm_created' | 'fm_updated'
>;

/** The file's date for `field` in epoch ms, or null when it has none. */
export function fileDate(file: DatedFile, field: DateField): number | null {
  switch (field) {
    case 'modified':
      return file.mtime_ms;
    case 'created':
      return file.fm_created ?? file.fm_date;
    case 'updated':
      return file.fm_updated ?? file.mtime_ms;
    default:
      return file.fm_date ?? file.fm_created;
  }
}

/** Whether a file passes every date filter (none: all pass). */
export function passesDateFilters(filters: readonly DateFilter[], file: DatedFile): boolean {
  return filters.every((filter) => passesDateFilter(filter, fileDate(file, filter.field)));
}

/**
 * Orders items newest first by `dateOf` (stable: equal dates keep their order, which is by
 * relevance); items without a date go last.
 */
export function sortNewestFirst<T>(items: T[], dateOf: (item: T) => number | null): void {
  const dated = items.map((item, index) => ({ item, index, at: dateOf(item) }));
  dated.sort((a, b) => {
    if (a.at === b.at) return a.index - b.index;
    if (a.at === null) return 1;
    if (b.at === null) return -1;
    return b.at - a.at;
  });
  dated.forEach(({ item }, i) => (items[i] = item));
}
