// SIGINT/SIGTERM for a long-running process (every CLI command, `npm run web`): the first asks it
// to stop cleanly (between two files; the database closed). Should that take longer than
// STOP_DEADLINE_MS (a huge note being chunked), or a second signal come, the process dies by the
// signal itself: not `process.exit()`, which tears worker threads down and aborts the whole process
// when one is still loading a native addon (docs/testing.md#test-workers) — seen when an
// index worker was still starting at load 30. Every commit is durable (WAL).

/** How long a process may take to stop after SIGINT/SIGTERM before it just ends. */
export const STOP_DEADLINE_MS = 1000;

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Ends the process at once, as `signal`'s default action does (the shell sees 128 + its number). */
function dieBy(signal: NodeJS.Signals): void {
  for (const s of SIGNALS) process.removeAllListeners(s);
  process.kill(process.pid, signal);
}

/** Calls `stop` on the first SIGINT/SIGTERM; ends the process on a second or after the deadline. */
export function onStopSignals(stop: () => void): void {
  let stopping = false;
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      if (stopping) return dieBy(signal);
      stopping = true;
      stop();
      setTimeout(() => {
        process.stderr.write('folio: stopping took too long; exiting\n');
        dieBy(signal);
      }, STOP_DEADLINE_MS).unref();
    });
  }
}
