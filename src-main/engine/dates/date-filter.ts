// Date filters of the query language (docs/design.md#date-filters): `modified:>2026-01-01`,
// `modified:<30d`, `created:2025`. A value is a period (a year, a month or a day, local time) or
// an age (`30d`, `2w`, `6m`, `1y`, `today`); the operator says which side of it is kept. Pure: the
// current time is an argument.

/** The dates a filter can test. */
export type DateField = 'modified' | 'created' | 'updated' | 'date';

/** Keeps the files whose `field` lies in [from, to) (epoch ms; null: unbounded), or outside it. */
export interface DateFilter {
  field: DateField;
  from: number | null;
  to: number | null;
  /** `-modified:…`: the files outside the range. */
  negated: boolean;
}

/** The query keys that are date filters. */
export const DATE_FIELDS: readonly DateField[] = ['modified', 'created', 'updated', 'date'];

const PERIOD = /^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?$/;
const AGE = /^(\d{1,5})(d|w|m|y)$/i;
const DAY_MS = 86_400_000;

/** [start, end) of a written year, month or day in local time, or null. */
function periodOf(text: string): [number, number] | null {
  const m = PERIOD.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = m[2] === undefined ? null : Number(m[2]);
  const day = m[3] === undefined ? null : Number(m[3]);
  if (month !== null && (month < 1 || month > 12)) return null;
  if (day !== null && (day < 1 || day > new Date(year, month!, 0).getDate())) return null;
  if (month === null) return [new Date(year, 0, 1).getTime(), new Date(year + 1, 0, 1).getTime()];
  if (day === null) {
    return [new Date(year, month - 1, 1).getTime(), new Date(year, month, 1).getTime()];
  }
  return [new Date(year, month - 1, day).getTime(), new Date(year, month - 1, day + 1).getTime()];
}

/** The moment `text` (an age: `30d`, `2w`, `6m`, `1y`) ago, or null. */
function agoOf(text: string, now: number): number | null {
  const m = AGE.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  const at = new Date(now);
  switch (m[2]!.toLowerCase()) {
    case 'd':
      return now - n * DAY_MS;
    case 'w':
      return now - n * 7 * DAY_MS;
    case 'm':
      return at.setMonth(at.getMonth() - n);
    default:
      return at.setFullYear(at.getFullYear() - n);
  }
}

/**
 * The filter a typed value means, or null when it is not a date (the words then search as
 * typed). Periods: `>P` after P, `>=P` from P on, `<P` before P, `<=P` up to its end, `P` within
 * it. Ages: `<30d` (or `30d`) newer than 30 days, `>30d` older; `today` since local midnight.
 */
export function parseDateFilter(field: DateField, value: string, now: number): DateFilter | null {
  const op = /^(>=|<=|>|<|=)?(.*)$/s.exec(value.trim())!;
  const sign = op[1] ?? '';
  const text = op[2]!.trim();
  const filter = (from: number | null, to: number | null): DateFilter => ({
    field,
    from,
    to,
    negated: false,
  });
  if (text.toLowerCase() === 'today') {
    const midnight = new Date(now).setHours(0, 0, 0, 0);
    return sign.startsWith('<') ? filter(null, midnight) : filter(midnight, null);
  }
  const ago = agoOf(text, now);
  if (ago !== null) return sign.startsWith('>') ? filter(null, ago) : filter(ago, null);
  const period = periodOf(text);
  if (period === null) return null;
  const [start, end] = period;
  if (sign === '>') return filter(end, null);
  if (sign === '>=') return filter(start, null);
  if (sign === '<') return filter(null, start);
  if (sign === '<=') return filter(null, end);
  return filter(start, end);
}

/** Whether `at` (null: the file has no such date) passes the filter. */
export function passesDateFilter(filter: DateFilter, at: number | null): boolean {
  if (at === null) return filter.negated; // no date: never in the range
  const inside =
    (filter.from === null || at >= filter.from) && (filter.to === null || at < filter.to);
  return inside !== filter.negated;
}

/** The note on a date filter whose value is no date (docs/design.md#date-filters). */
export function notADate(filter: string): string {
  return (
    `${JSON.stringify(filter)} is not a date: searched as words ` +
    '(dates look like modified:<30d, created:2025, modified:>2026-01-01)'
  );
}
