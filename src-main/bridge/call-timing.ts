// A call's times, sent with its reply so that the UI benchmark can split a keystroke into the
// page's, the transport's and the bridge's shares (docs/benchmarks.md#ui): over HTTP as
// `Server-Timing` (the page reads it through Resource Timing), over the socket in the reply.
import { closeSync, openSync, readSync } from 'node:fs';
import type { ApiMethod } from '#shared/contract/api.ts';
import { runCall, type CallContext, type CallOutcome } from './api-calls.ts';

/**
 * Milliseconds: `bridge` from the request read to its reply ready, `call` the call's wall time,
 * `cpu` this thread's CPU time meanwhile (including anything else it ran in the call's pauses;
 * the kernel adds it at its ticks, so one call's reads up to a tick short), `wait` the time it
 * was ready to run but waited for a core (0 where the system does not say, exact where it does):
 * on a busy machine most of what the call's wall time has over its CPU
 * (docs/benchmarks.md#what-a-call-waits-for).
 */
export interface CallTiming {
  bridge: number;
  call: number;
  cpu: number;
  wait: number;
}

/**
 * Milliseconds this thread has so far waited for a core while ready to run (Linux's scheduler
 * statistics, `/proc/thread-self/schedstat`, read from a descriptor opened once), or null where
 * the system does not say. Calls run on the bridge's main thread, the one that first reads it.
 */
function waitClock(): (() => number) | null {
  let fd: number;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(128);
  const waited = () => {
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return Number(buffer.toString('latin1', 0, length).split(' ')[1]) / 1e6;
  };
  try {
    if (Number.isFinite(waited())) return waited;
  } catch {
    // not readable as expected: no waiting time
  }
  closeSync(fd);
  return null;
}

let waitedSoFar: (() => number) | undefined;

/** Runs `method` as `runCall` does, timed from `received` (when the request came in). */
export async function timedCall(
  context: CallContext,
  method: ApiMethod,
  argument: unknown,
  received: number,
): Promise<{ outcome: CallOutcome; timing: CallTiming }> {
  waitedSoFar ??= waitClock() ?? (() => 0);
  const callStart = performance.now();
  const cpuStart = process.threadCpuUsage();
  const waitStart = waitedSoFar();
  const outcome = await runCall(context, method, argument);
  const now = performance.now();
  const cpu = process.threadCpuUsage(cpuStart);
  const timing = {
    bridge: now - received,
    call: now - callStart,
    cpu: (cpu.user + cpu.system) / 1000,
    wait: waitedSoFar() - waitStart,
  };
  return { outcome, timing };
}

/** The `Server-Timing` header's value for `timing`. */
export function serverTimingHeader(timing: CallTiming): string {
  return Object.entries(timing)
    .map(([name, ms]) => `${name};dur=${(ms as number).toFixed(2)}`)
    .join(', ');
}
