// Frontmatter dates — `date`, `created`, `updated` — as epoch milliseconds (docs/design.md#dates).
// The YAML core schema keeps timestamps as text, so the written forms are parsed here: ISO dates
// and date-times, `2024/01/05`, `2024.01.05`, a year, `2024-03`, a month written out
// (`January 5, 2024`, `5 Jan 2024`), an Obsidian daily-note link (`"[[2024-01-05]]"`), and
// Dendron's milliseconds since 1970 (`1616983302480`).
// A date without a time is local midnight, as a person means "that day" where they are.
// Anything else is a warning naming the key; the file is still indexed.
import type { DocumentDates } from './types.ts';

const KEYS = ['date', 'created', 'updated'] as const;

/**
 * Whole numbers read as milliseconds since 1970, as Dendron writes `created` and `updated`
 * (`1616983302480`): those of 12 and 13 digits, 1973 to 2286. Shorter ones are not guessed (a
 * year of four digits aside): `20240105` or seconds since 1970 could be either.
 */
const EPOCH_MS_MIN = 1e11;
const EPOCH_MS_MAX = 1e13;

/** The frontmatter's dates; unreadable values add a warning and count as absent. */
export function readDates(metadata: Record<string, unknown>, warnings: string[]): DocumentDates {
  const dates: DocumentDates = { date: null, created: null, updated: null };
  for (const key of KEYS) {
    const value = metadata[key];
    if (value === undefined || value === null || value === '') continue;
    const parsed = parseDate(value);
    if (parsed === null) {
      const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
      warnings.push(`frontmatter "${key}" is not a date (${shown}); it is ignored`);
    } else {
      dates[key] = parsed;
    }
  }
  return dates;
}

const dateOnly = /^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?$/;
const dateTime =
  /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const monthName = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\b/i;

/** A date value as epoch milliseconds, or null when it is not one. */
export function parseDate(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return null;
    if (value >= 1000 && value <= 9999) return localDay(value, 1, 1);
    return value >= EPOCH_MS_MIN && value < EPOCH_MS_MAX ? value : null;
  }
  if (typeof value !== 'string') return null;
  const text = value
    .trim()
    .replace(/^\[\[(.*)\]\]$/, '$1')
    .trim();
  const day = dateOnly.exec(text);
  if (day) return localDay(Number(day[1]), Number(day[2] ?? 1), Number(day[3] ?? 1));
  const time = dateTime.exec(text);
  if (time) return dateTimeOf(time);
  if (monthName.test(text) && /\b\d{4}\b/.test(text)) {
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/** Local midnight of a calendar day, or null for a day that does not exist (2023-02-30). */
function localDay(year: number, month: number, day: number): number | null {
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) {
    return null;
  }
  return date.getTime();
}

function dateTimeOf(match: RegExpExecArray): number | null {
  const [, year, month, day, hour, minute, second = '0', fraction = '0', zone] = match;
  const midnight = localDay(Number(year), Number(month), Number(day));
  if (midnight === null || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
    return null;
  }
  const ms = Math.round(Number(`0.${fraction}`) * 1000);
  const parts = [year, month, day, hour, minute, second].map(Number);
  const fields = [
    parts[0]!,
    parts[1]! - 1,
    parts[2]!,
    parts[3]!,
    parts[4]!,
    parts[5]!,
    ms,
  ] as const;
  if (!zone) return new Date(...fields).getTime();
  const utc = Date.UTC(...fields);
  if (zone.toUpperCase() === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return utc - sign * offset * 60_000;
}
