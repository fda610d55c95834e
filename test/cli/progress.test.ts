// The terminal progress of `cli index` and `cli watch`.
import { describe, expect, it } from 'vitest';
import type { IndexProgress } from '#shared/contract/api.ts';
import { progressLine, progressReporter } from '../../src-main/cli/progress.ts';

const progress = (done: number, errors = 0): IndexProgress => ({
  vault: 'docs',
  phase: 'indexing',
  done,
  total: 200,
  currentPath: 'guide/intro.md',
  errors,
});

describe('progress', () => {
  it('draws a bar with counts, the current path and errors', () => {
    expect(progressLine(progress(50), 10)).toBe('docs [###-------] 50/200 guide/intro.md');
    expect(progressLine(progress(200, 2), 10)).toBe(
      'docs [##########] 200/200 guide/intro.md (2 errors)',
    );
    expect(progressLine({ ...progress(0), total: 0, currentPath: null }, 4)).toBe(
      'docs [----] 0/0 ',
    );
  });

  it('redraws in place on a TTY and clears the line at the end', () => {
    const out: string[] = [];
    const reporter = progressReporter({ isTTY: true, write: (text: string) => out.push(text) });
    reporter.update({ ...progress(0), phase: 'scanning' });
    reporter.update(progress(10));
    reporter.update(progress(11)); // within 100 ms: skipped
    reporter.end();
    expect(out).toEqual([`\r\x1b[K${progressLine(progress(10))}`, '\r\x1b[K']);
  });

  it('writes plain lines when not on a TTY', () => {
    const out: string[] = [];
    const reporter = progressReporter({ write: (text: string) => out.push(text) });
    reporter.update(progress(10));
    reporter.end();
    expect(out).toEqual(['docs: 10/200 files\n']);
  });
});
