// What bench/ui-trace.ts prints from a Chromium trace (and a CPU profile) of the page typing:
// time per keystroke on the renderer's main thread, per kind of work (docs/benchmarks.md#ui).
import { QUERY_PAUSE_MS } from './ui-typing.ts';

/** One trace event (CDP `Tracing.dataCollected`); `tdur` is thread (CPU) time. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { type?: string } };
}

/** A V8 CPU profile (CDP `Profiler.stop`), as much of it as is read here. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The work reported, by trace event name. */
const KINDS = ['FunctionCall', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Commit'];

/** Keys typed less than this apart belong to one query (2/3 of the pause between queries). */
const SAME_QUERY_US = (QUERY_PAUSE_MS * 1000 * 2) / 3;

/** Milliseconds per keystroke of the outermost events named `name` (wall, or thread CPU). */
function perKey(events: TraceEvent[], name: string, keys: number, field: 'dur' | 'tdur'): string {
  let end = -1;
  let sum = 0;
  for (const event of events) {
    if (event.name !== name || event.ts < end) continue;
    sum += event[field] ?? 0;
    end = event.ts + event.dur!;
  }
  return `${name} ${(sum / 1000 / keys).toFixed(1)}`;
}

/** The page's renderer main thread (the one that laid out most): its complete events, in order. */
function mainThread(all: TraceEvent[]): TraceEvent[] {
  const layouts = new Map<string, number>();
  for (const event of all) {
    if (event.name !== 'Layout') continue;
    const thread = `${event.pid}:${event.tid}`;
    layouts.set(thread, (layouts.get(thread) ?? 0) + 1);
  }
  const main = [...layouts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return all
    .filter((event) => `${event.pid}:${event.tid}` === main && event.ph === 'X' && event.dur)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
}

/**
 * From each keydown to the next one of the same query: a keystroke while typing, without the
 * pause after a query (where the preview and outline follow the results that stood).
 */
export function typingSpans(all: TraceEvent[]): [number, number][] {
  const keydowns = all
    .filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown')
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  const spans: [number, number][] = [];
  for (let at = 0; at + 1 < keydowns.length; at += 1) {
    if (keydowns[at + 1]! - keydowns[at]! < SAME_QUERY_US)
      spans.push([keydowns[at]!, keydowns[at + 1]!]);
  }
  return spans;
}

const within = (spans: [number, number][], ts: number) =>
  spans.some(([from, to]) => ts >= from && ts < to);

/** A task this long keeps a key typed meanwhile waiting visibly (the Long Tasks API's bound). */
const LONG_TASK_MS = 50;

/**
 * Three lines: the whole trace's wall time per keystroke, thread CPU while typing, and the
 * main thread's long tasks while typing (thread CPU), which a key typed meanwhile waits behind.
 */
export function summariseTrace(all: TraceEvent[], keys: number): string {
  const events = mainThread(all);
  const spans = typingSpans(all);
  const typing = events.filter((event) => within(spans, event.ts));
  const kinds = (list: TraceEvent[], count: number, field: 'dur' | 'tdur') =>
    KINDS.map((name) => perKey(list, name, count, field)).join(' · ');
  return (
    `${keys} keystrokes, ms per keystroke: ${kinds(events, keys, 'dur')}\n` +
    `while typing (${spans.length} keystrokes, not the pause after each query), thread CPU ms ` +
    `per keystroke: ${kinds(typing, spans.length, 'tdur')}\n` +
    longTasks(typing)
  );
}

/** The functions with the most self time while typing, per keystroke (idle left out). */
export function summariseProfile(profile: CpuProfile, spans: [number, number][], top = 15): string {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  for (let index = 0; index < profile.samples.length; index += 1) {
    at += profile.timeDeltas[index]!;
    const frame = nodes.get(profile.samples[index]!)!;
    if (frame.functionName === '(idle)' || !within(spans, at)) continue;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').at(-1)}:${frame.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `${(us / 1000 / spans.length).toFixed(2).padStart(7)} ms  ${name}`)
    .join('\n');
}

/** The longest task while typing, and how many took over `LONG_TASK_MS` (thread CPU). */
function longTasks(typing: TraceEvent[]): string {
  const tasks = typing
    .filter((event) => event.name === 'RunTask')
    .map((event) => (event.tdur ?? 0) / 1000);
  const long = tasks.filter((ms) => ms > LONG_TASK_MS);
  return (
    `while typing, main-thread tasks (thread CPU): the longest ${Math.max(0, ...tasks).toFixed(1)} ms, ` +
    `${long.length} over ${LONG_TASK_MS} ms (${long.reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms in all)`
  );
}
