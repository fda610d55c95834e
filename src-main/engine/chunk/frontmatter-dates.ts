// Frontmatter dates — `date`, `created`, `updated` — as epoch milliseconds (docs/design.md#dates).
// The YAML core schema keeps timestamps as text, so the written forms are parsed here: ISO dates
// and date-times (`10:30 pm` too), `2024/01/05`, `2024.01.05`, `05.01.2024` (day first), a year,
// `2024-03`, a month written out (`January 5th, 2024`, `5 Jan 2024`, the Linter plugin's
// `Friday, January 5th 2024, 10:30:00 am`), a day with its weekday (`2024-01-05 Fri`), an Obsidian
// daily-note link (`"[[2024-01-05]]"`), digits of a day or a minute (`20240105`, `202401051030`),
// and Dendron's milliseconds since 1970 (`1616983302480`). `created` is also read from
// `date created`, `updated` from `modified`, `date modified` and `date updated` (keys in any case).
// A date without a time is local midnight, as a person means "that day" where they are.
// Anything else is a warning naming the key; the file is still indexed.
import type { DocumentDates } from './types.ts';

/** The keys each date is read from, the first readable one winning. */
const KEYS: Record<keyof DocumentDates, readonly string[]> = {
  date: ['date'],
  created: ['created', 'date created'],
  updated: ['updated', 'modified', 'date modified', 'date updated'],
};

/**
 * Whole numbers read as milliseconds since 1970, as Dendron writes `created` and `updated`
 * (`1616983302480`): those of 12 and 13 digits, 1973 to 2286 — unless they are a calendar
 * minute (below). Seconds since 1970 are not guessed.
 */
const EPOCH_MS_MIN = 1e11;
const EPOCH_MS_MAX = 1e13;

/**
 * Digits of a calendar day, minute or second, 1900 to 2099 (`20240105`, `202401051030` as the
 * Zettelkasten prefixer names notes, `20240105103000`). As milliseconds since 1970 the 12 digits
 * would be a day in 1976, and the 8 a few hours of 1 January 1970.
 */
const calendarDigits = /^((?:19|20)\d\d)(\d\d)(\d\d)(?:(\d\d)(\d\d)(\d\d)?)?$/;

/** The frontmatter's dates; unreadable values add a warning and count as absent. */
export function readDates(metadata: Record<string, unknown>, warnings: string[]): DocumentDates {
  const dates: DocumentDates = { date: null, created: null, updated: null };
  const keys = new Map<string, string>();
  for (const key of Object.keys(metadata)) {
    const folded = key.trim().toLowerCase();
    if (!keys.has(folded) || folded === key) keys.set(folded, key);
  }
  for (const [date, names] of Object.entries(KEYS) as Array<[keyof DocumentDates, string[]]>) {
    for (const name of names) {
      const key = keys.get(name);
      const value = key === undefined ? undefined : metadata[key];
      if (value === undefined || value === null || value === '') continue;
      const parsed = parseDate(value);
      if (parsed === null) {
        const shown = typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
        warnings.push(`frontmatter "${key}" is not a date (${shown}); it is ignored`);
      } else if (dates[date] === null) {
        dates[date] = parsed;
      }
    }
  }
  return dates;
}

const dateOnly = /^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?$/;
/** `05.01.2024`: with dots the day comes first wherever it is written so (`05/01/2024` is not read). */
const dayFirst = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const dateTime =
  /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(?:([ap])\.?m\.?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const monthName = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\b/i;
/** A weekday after a day, as daily notes are often named: `2024-01-05 Fri`, `2024-01-05, Friday`. */
const weekdayAfter =
  /^(\d{4}-\d{1,2}-\d{1,2}),?\s+\(?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\)?$/i;

/** A date value as epoch milliseconds, or null when it is not one. */
export function parseDate(value: unknown): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return null;
    if (value >= 1000 && value <= 9999) return localDay(value, 1, 1);
    const calendar = calendarDigits.exec(String(value));
    if (calendar) return calendarOf(calendar);
    return value >= EPOCH_MS_MIN && value < EPOCH_MS_MAX ? value : null;
  }
  if (typeof value !== 'string') return null;
  const text = value
    .trim()
    .replace(/^\[\[([^\]|]*)(?:\|[^\]]*)?\]\]$/, '$1')
    .trim()
    .replace(weekdayAfter, '$1');
  const day = dateOnly.exec(text);
  if (day) return localDay(Number(day[1]), Number(day[2] ?? 1), Number(day[3] ?? 1));
  const european = dayFirst.exec(text);
  if (european) return localDay(Number(european[3]), Number(european[2]), Number(european[1]));
  const time = dateTime.exec(text);
  if (time) return dateTimeOf(time);
  const calendar = calendarDigits.exec(text);
  if (calendar) return calendarOf(calendar);
  if (monthName.test(text) && /\b\d{4}\b/.test(text)) {
    // `January 5th` as moment's `Do` writes it: the ordinal is not Date.parse's.
    const parsed = Date.parse(text.replace(/\b(\d{1,2})(?:st|nd|rd|th)\b/gi, '$1'));
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

/** A moment's fields as written (month 1–12), with its zone if it has one. */
interface Moment {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  zone?: string;
}

function dateTimeOf(match: RegExpExecArray): number | null {
  const [, year, month, day, hour, minute, second = '0', fraction = '0', half, zone] = match;
  let hour24 = Number(hour);
  if (half) {
    // `12:05 am` is five past midnight, `12:05 pm` five past noon.
    if (hour24 < 1 || hour24 > 12) return null;
    hour24 = (hour24 % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
  }
  return momentOf({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: hour24,
    minute: Number(minute),
    second: Number(second),
    ms: Math.round(Number(`0.${fraction}`) * 1000),
    zone,
  });
}

/** Local time of calendar digits (`20240105`, `202401051030`), or null for no such moment. */
function calendarOf(match: RegExpExecArray): number | null {
  const [, year, month, day, hour, minute, second = '0'] = match;
  if (hour === undefined) return localDay(Number(year), Number(month), Number(day));
  return momentOf({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    ms: 0,
  });
}

/** Epoch ms of a moment (local time without a zone), or null when it does not exist. */
function momentOf(m: Moment): number | null {
  if (localDay(m.year, m.month, m.day) === null || m.hour > 23 || m.minute > 59 || m.second > 59) {
    return null;
  }
  const fields = [m.year, m.month - 1, m.day, m.hour, m.minute, m.second, m.ms] as const;
  if (!m.zone) return new Date(...fields).getTime();
  const utc = Date.UTC(...fields);
  if (m.zone.toUpperCase() === 'Z') return utc;
  const sign = m.zone.startsWith('-') ? -1 : 1;
  const digits = m.zone.slice(1).replace(':', '');
  const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return utc - sign * offset * 60_000;
}
