// `cli bench` reports the full search warm and cold (every search cache dropped before each
// query) against raw FTS5, in wall time and in CPU time.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BenchReport } from '../../src-main/cli/commands/bench-command.ts';
import { cli, cliJson, FIXTURE_VAULT, tempDir } from './cli-helpers.ts';

const dir = tempDir();
const db = join(dir, 'bench.db');
const queries = join(dir, 'queries.json');

beforeAll(async () => {
  expect((await cli('index', '--db', db, `${FIXTURE_VAULT}=fx`)).status).toBe(0);
  writeFileSync(queries, JSON.stringify(['ferrule', 'kestrel wings', 'nothing-matches-this']));
});

describe('cli bench', () => {
  it('measures warm and cold searches, in wall and CPU time', async () => {
    const report = await cliJson<BenchReport>(
      'bench',
      '--db',
      db,
      '--queries',
      queries,
      '--rounds',
      '2',
    );
    expect(Object.keys(report.cpu)).toEqual(['folio', 'fts5', 'folioCold']);
    const ordered = (side: BenchReport['folio']) => side.p50 <= side.p95 && side.p95 <= side.p99;
    for (const side of [report.folio, report.fts5, report.folioCold]) {
      expect(side.p50).toBeGreaterThan(0);
      expect(ordered(side)).toBe(true);
    }
    // CPU time may read 0 for a search shorter than the clock's step.
    for (const side of Object.values(report.cpu)) expect(ordered(side)).toBe(true);
    const { status, out } = await cli('bench', '--db', db, '--queries', queries, '--rounds', '1');
    expect(status).toBe(0);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^3 queries × 1 rounds .*cold: every search cache dropped/);
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual([
      ...['3', 'folio', 'fts5', 'ratio', 'cold', 'ratio'],
      ...['CPU', 'folio', 'fts5', 'ratio', 'cold', 'ratio'],
    ]);
  });
});
