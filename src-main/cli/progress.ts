// Indexing progress for a terminal: a bar redrawn in place on a TTY, an occasional plain line
// otherwise (logs, pipes). Used by `cli index` and `cli watch`; the app renders the same
// `IndexProgress` events itself.
import type { IndexProgress } from '#shared/contract/api.ts';
import { vaultsDone } from '#shared/rebuild-wording.ts';
import { terminalLine } from './terminal-text.ts';

/** A stream progress is written to (stderr). */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Draws progress events on a stream. */
export interface ProgressReporter {
  update(progress: IndexProgress): void;
  /** Clears the bar (before other output, and at the end). */
  end(): void;
}

const BAR_WIDTH = 30;

/** "docs (1 of 2 vaults done)" during a rebuild of several vaults, else the vault's name. */
function vaultName(p: IndexProgress): string {
  const done = p.rebuild ? vaultsDone(p.rebuild) : '';
  return done ? `${p.vault} (${done})` : p.vault;
}

/**
 * One line of progress: `vault [#####-----] 120/9746 path/of/current.md (2 errors)`; during a
 * rebuild of several vaults, `vault (1 of 2 vaults done) […`, as the app's status line counts them.
 */
export function progressLine(p: IndexProgress, width = BAR_WIDTH): string {
  const ratio = p.total ? Math.min(1, p.done / p.total) : 0;
  const bar = '#'.repeat(Math.round(ratio * width)).padEnd(width, '-');
  const path = terminalLine((p.currentPath ?? '').slice(-40)); // a file name: escaped
  const errors = p.errors ? ` (${p.errors} error${p.errors === 1 ? '' : 's'})` : '';
  return `${vaultName(p)} [${bar}] ${p.done}/${p.total} ${path}${errors}`;
}

/** A reporter that redraws at most every 100 ms on a TTY, and writes a line every 2 s otherwise. */
export function progressReporter(stream: ProgressStream): ProgressReporter {
  let last = 0;
  let drawn = false;
  return {
    update(p) {
      const now = Date.now();
      if (p.phase !== 'indexing' || now - last < (stream.isTTY ? 100 : 2000)) return;
      last = now;
      if (stream.isTTY) {
        stream.write(`\r\x1b[K${progressLine(p)}`);
        drawn = true;
      } else {
        stream.write(`${vaultName(p)}: ${p.done}/${p.total} files\n`);
      }
    },
    end() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
