// Numbers and dates as the results show them, with formatters made once: `toLocaleDateString`
// and `toLocaleString` build a new ICU formatter on every call, which made the result rows'
// dates most of a keystroke's script in the main window (docs/benchmarks.md#ui).

const DAY = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const DAY_OF_YEAR = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const COUNT = new Intl.NumberFormat('en');

/** A date as a short local day ("26 Nov 2026"). */
export const formatDay = (ms: number): string => DAY.format(ms);

/** A count with English digit grouping ("19,341"). */
export const formatCount = (value: number): string => COUNT.format(value);

/** The local midnight that starts the day of `ms`, `offset` days later. */
function dayStart(ms: number, offset = 0): number {
  const date = new Date(ms);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + offset).getTime();
}

/**
 * A result's date as a row says it (docs/ui.md#results): "today", "yesterday", a day of this year
 * without its year ("Nov 21"), else the whole day ("Nov 21, 2025"); local days.
 */
export function formatRowDay(ms: number, now: number = Date.now()): string {
  const today = dayStart(now);
  if (ms >= today && ms < dayStart(now, 1)) return 'today';
  if (ms >= dayStart(now, -1) && ms < today) return 'yesterday';
  const sameYear = ms < today && new Date(ms).getFullYear() === new Date(now).getFullYear();
  return sameYear ? DAY_OF_YEAR.format(ms) : DAY.format(ms);
}
