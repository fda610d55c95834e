// The start of a deflated file without inflating it whole (store/file-contents.ts), and the
// reader's content cache serving a search's prefix and a preview's whole file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import { inflatePrefix, PREFIX_SLACK } from '../../../src-main/engine/store/file-contents.ts';
import { tempDir } from './temp.ts';

/** Words that compress about as prose does (3–4×). */
function prose(bytes: number, seed = 7): string {
  let state = seed;
  const words: string[] = [];
  let length = 0;
  while (length < bytes) {
    state = (state * 1103515245 + 12345) >>> 0;
    const word = (state >>> 8).toString(36).slice(0, 2 + (state % 7));
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ').slice(0, bytes);
}

const MIB = 1024 * 1024;
const texts: Record<string, string> = {
  'prose (3 MiB)': prose(3 * MIB),
  'two words repeated (4 MiB)': 'folio ranking '.repeat((4 * MIB) / 14),
  'prose, then repeats': prose(MIB / 2) + 'folio ranking '.repeat(MIB / 2),
  'repeats, then prose': 'folio ranking '.repeat(MIB / 4) + prose(2 * MIB),
  'a short note': '# Short\n\nä few wörds\n',
};

describe('inflatePrefix', () => {
  for (const [name, text] of Object.entries(texts)) {
    const original = Buffer.from(text);
    const deflated = deflateRawSync(original, { level: 6 });
    it.each([0, 1, 1000, MIB, original.length - 1, original.length, original.length + 10])(
      `${name}: the first %i bytes, exact, and little more`,
      (end) => {
        const { bytes, whole } = inflatePrefix(deflated, end);
        expect(bytes.length).toBeGreaterThanOrEqual(Math.min(end, original.length));
        expect(Buffer.compare(Buffer.from(bytes), original.subarray(0, bytes.length))).toBe(0);
        expect(whole).toBe(bytes.length === original.length);
        if (!whole) expect(bytes.length).toBeLessThanOrEqual(Math.max(end, 1) + PREFIX_SLACK);
      },
    );
  }
});

describe('a vault with an 8.4 MB one-line note (issue 16, item 5)', () => {
  const dir = tempDir('folio-prefix-');
  let engine: EngineService | undefined;
  const note = `# Big\n\n${'folio ranking '.repeat(600_000)}closing words\n`; // 8.4 MB

  beforeAll(async () => {
    const vault = join(dir, 'vault');
    mkdirSync(vault, { recursive: true });
    writeFileSync(join(vault, 'big.md'), note);
    writeFileSync(join(vault, 'small.md'), '# Small\n\nA short note about folio and ranking.\n');
    const dbPath = join(dir, 'prefix.db');
    engine = await createEngine({ dbPath, vaults: [{ root: vault, name: 'v' }], watch: false });
    await engineInternals(engine).ready();
  });
  afterAll(() => engine?.close());

  it('inflates a search’s first MiB only, then the whole note when it is asked for', () => {
    const { reader } = engineInternals(engine!);
    reader.refresh();
    reader.clearCaches();
    const id = reader.fileByPath('v', 'big.md')!.id;
    const start = reader.contentUpTo(id, MIB);
    expect(start.length).toBeGreaterThanOrEqual(MIB);
    expect(start.length).toBeLessThan(2 * MIB + PREFIX_SLACK);
    expect(Buffer.from(start).toString('utf8', 0, 20)).toBe(note.slice(0, 20));
    const whole = reader.content(id);
    expect(Buffer.from(whole).toString('utf8')).toBe(note);
    expect(reader.contentUpTo(id, MIB)).toBe(whole); // the whole one serves prefixes since
  });

  it('answers a search over the note from its first MiB, inflating only that', () => {
    const internals = engineInternals(engine!);
    internals.reader.clearCaches();
    const [folio] = internals.searchRaw({ queries: ['folio'] }).results;
    expect(internals.reader.contentBytesHeld).toBeLessThan(2 * MIB + PREFIX_SLACK); // of 8.4 MB
    expect(folio!.path).toBe('big.md');
    expect(folio!.matchRanges.length).toBe(1000);
    expect(folio!.snippet).toContain('<b>folio</b>');
    expect(internals.searchRaw({ queries: ['closing'] }).results[0]!.matchRanges).toEqual([]);
  });

  /** Searches with cold caches; what it answered and how much content it inflated. */
  const coldSearch = (queries: string[]) => {
    const internals = engineInternals(engine!);
    internals.reader.clearCaches();
    const { results } = internals.searchRaw({ queries });
    return { results, held: internals.reader.contentBytesHeld };
  };

  it('a typo, a phrase and a word with no hits: both notes, from the first MiB only', () => {
    const { results, held } = coldSearch(['rankng "folio ranking" folio1 ranking']);
    expect(results.map((r) => r.path).sort()).toEqual(['big.md', 'small.md']);
    const big = results.find((r) => r.path === 'big.md')!;
    expect(big.matchRanges.length).toBeGreaterThan(100);
    for (const [, end] of big.matchRanges) expect(end).toBeLessThanOrEqual(MIB + 16);
    expect(held).toBeLessThan(2 * MIB + PREFIX_SLACK);
  });

  it('one request of 32 topics (1.6 KB): every topic answered, the note inflated once, in part', () => {
    const topics = Array.from(
      { length: 32 },
      (_, i) => `folio${i} rankng "folio ranking" ranking${i} notes folio`,
    );
    const { results, held } = coldSearch(topics);
    expect(results.map((r) => r.path).sort()).toEqual(['big.md', 'small.md']);
    expect(results[0]!.topics).toEqual(topics.map((_, i) => i));
    expect(held).toBeLessThan(2 * MIB + PREFIX_SLACK);
  });
});
