// The UI bench's slowest keystrokes (bench/ui.bench.ts): what a page's p95 is made of. For the
// slowest ~5 % of a page's keystrokes (keydown → paint), one line each: the query and the prefix
// typed, where the key fell (the query's first key, a word's first key), and the keystroke split
// into the page before sending, the way to the bridge, the bridge around the call, the call (its
// thread CPU, the engine's own time), the reply's JSON, the way back, the page's parse, reply →
// answer, answer → the results in the DOM, → paint and → drawn; then the rows shown, the DOM
// changes by page region, long tasks, the page's heap change and any other request in flight
// (docs/benchmarks.md#ui).
import type { Sample } from './ui-probe.ts';

/** A keystroke's sample with what was typed. */
export interface Keystroke extends Sample {
  query: string;
  /** The input the results answer (the query up to this key, trimmed). */
  prefix: string;
}

/** The share of a page's keystrokes listed: the slowest 5 %, the ones its p95 is among. */
const SLOWEST_SHARE = 0.05;

const ms = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(1);

/** Where the key fell in the query: its first key, a word's first key, or inside a word. */
export function position(prefix: string): 'query' | 'word' | 'inside' {
  if (prefix.length === 1) return 'query';
  return /\s\S$/.test(prefix) ? 'word' : 'inside';
}

/** One keystroke's line. */
function line(key: Keystroke): string {
  const search = key.search;
  const server = search?.server ?? {};
  const parts = search
    ? [
        `before ${ms(search.start)}`,
        `up ${ms(server.receivedAt! - server.sentAt!)}`,
        `bridge−call ${ms(server.bridge! - server.call!)}`,
        `call ${ms(server.call)} (cpu ${ms(server.cpu)}, wait ${ms(server.wait)}, engine ${ms(key.engine)})`,
        `json ${ms(server.stringify)}`,
        `down ${ms(server.arrivedAt! - server.repliedAt!)}`,
        `parse ${ms(server.parse)} (${((server.bytes ?? NaN) / 1000).toFixed(1)} kB)`,
        `reply→answer ${ms(key.answered - search.end)}`,
      ]
    : [`no search seen, engine ${ms(key.engine)}`];
  const mutations = Object.entries(key.mutations)
    .sort(([, a], [, b]) => b - a)
    .map(([region, count]) => `${region} ${count}`)
    .join(' ');
  const others = key.others.map((other) => other.method).join(', ');
  return (
    `  ${ms(key.painted).padStart(6)} ms "${key.prefix}" (${position(key.prefix)}; ` +
    `"${key.query}") ${parts.join(' · ')} · answer→dom ${ms(key.dom - key.answered)} · ` +
    `→paint ${ms(key.painted - key.answered)} · ` +
    `→drawn ${ms(key.drawn - key.answered)} | rows ${key.rows} · DOM ${mutations || 'none'} · ` +
    `long tasks ${ms(key.longTask)} · heap ${key.heapKb.toFixed(0)} kB` +
    (others ? ` · in flight: ${others}` : '')
  );
}

/** The slowest ~5 % of `keys` by keydown → paint, slowest first, one line each, and a tally. */
export function slowest(keys: Keystroke[]): string {
  const count = Math.max(1, Math.ceil(keys.length * SLOWEST_SHARE));
  const slow = [...keys].sort((a, b) => b.painted - a.painted).slice(0, count);
  const tally = (of: Keystroke[]) => {
    const counts = { query: 0, word: 0, inside: 0 };
    for (const key of of) counts[position(key.prefix)] += 1;
    return `query's first key ${counts.query}, a word's first key ${counts.word}, inside a word ${counts.inside}`;
  };
  const touched = (region: string) => keys.filter((key) => (key.mutations[region] ?? 0) > 0).length;
  const withLongTasks = keys.filter((key) => key.longTask > 0).length;
  return [
    `  slowest ${count} of ${keys.length}: ${tally(slow)} (all keystrokes: ${tally(keys)}); ` +
      `keystrokes that changed the preview ${touched('preview')}, the outline ` +
      `${touched('outline')}, with a long task ${withLongTasks}`,
    ...slow.map(line),
  ].join('\n');
}
