// A call's times, sent with its reply so that the UI benchmark can split a keystroke into the
// page's, the transport's and the bridge's shares (docs/benchmarks.md#ui): over HTTP as
// `Server-Timing` (the page reads it through Resource Timing), over the socket in the reply.
import type { ApiMethod } from '#shared/contract/api.ts';
import { runCall, type CallContext, type CallOutcome } from './api-calls.ts';

/** Milliseconds: `bridge` from the request read to its reply ready, `call` the call's wall time,
 * `cpu` this thread's CPU time meanwhile (including anything else it ran in the call's pauses). */
export interface CallTiming {
  bridge: number;
  call: number;
  cpu: number;
}

/** Runs `method` as `runCall` does, timed from `received` (when the request came in). */
export async function timedCall(
  context: CallContext,
  method: ApiMethod,
  argument: unknown,
  received: number,
): Promise<{ outcome: CallOutcome; timing: CallTiming }> {
  const callStart = performance.now();
  const cpuStart = process.threadCpuUsage();
  const outcome = await runCall(context, method, argument);
  const now = performance.now();
  const cpu = process.threadCpuUsage(cpuStart);
  const timing = {
    bridge: now - received,
    call: now - callStart,
    cpu: (cpu.user + cpu.system) / 1000,
  };
  return { outcome, timing };
}

/** The `Server-Timing` header's value for `timing`. */
export function serverTimingHeader(timing: CallTiming): string {
  return Object.entries(timing)
    .map(([name, ms]) => `${name};dur=${(ms as number).toFixed(2)}`)
    .join(', ');
}
