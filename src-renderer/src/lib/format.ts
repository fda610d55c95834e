// Numbers and dates as the results show them, with formatters made once: `toLocaleDateString`
// and `toLocaleString` build a new ICU formatter on every call, which made the result rows'
// dates most of a keystroke's script in the main window (docs/benchmarks.md#ui).

const DAY = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const COUNT = new Intl.NumberFormat('en');

/** A date as a short local day ("26 Nov 2026"). */
export const formatDay = (ms: number): string => DAY.format(ms);

/** A count with English digit grouping ("19,341"). */
export const formatCount = (value: number): string => COUNT.format(value);
