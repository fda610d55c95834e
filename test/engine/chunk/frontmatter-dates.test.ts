// Frontmatter dates (docs/design.md#dates): the written forms read, the rest a warning.
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src-main/engine/chunk/chunk-document.ts';
import { parseDate } from '../../../src-main/engine/chunk/frontmatter-dates.ts';

const local = (...parts: number[]) =>
  new Date(parts[0]!, (parts[1] ?? 1) - 1, parts[2] ?? 1, parts[3] ?? 0, parts[4] ?? 0).getTime();

describe('parseDate', () => {
  const cases: Array<[unknown, number | null]> = [
    ['2024-01-05', local(2024, 1, 5)],
    ['2024-1-5', local(2024, 1, 5)],
    ['2024/01/05', local(2024, 1, 5)],
    ['2024.01.05', local(2024, 1, 5)],
    ['2024-03', local(2024, 3)],
    ['2024', local(2024)],
    [2024, local(2024)],
    ['2024-01-05T10:30', local(2024, 1, 5, 10, 30)],
    ['2024-01-05 10:30:15', local(2024, 1, 5, 10, 30) + 15_000],
    ['2024-01-05T10:30:00Z', Date.UTC(2024, 0, 5, 10, 30)],
    ['2024-01-05T10:30:00.250+02:00', Date.UTC(2024, 0, 5, 8, 30) + 250],
    ['2024-01-05T10:30-0130', Date.UTC(2024, 0, 5, 12, 0)],
    ['[[2024-01-05]]', local(2024, 1, 5)],
    ['January 5, 2024', local(2024, 1, 5)],
    ['5 Jan 2024', local(2024, 1, 5)],
    [new Date(Date.UTC(2020, 1, 2)), Date.UTC(2020, 1, 2)],
    ['2023-02-30', null],
    ['2024-13-01', null],
    ['2024-01-05T25:00', null],
    ['next week', null],
    ['05/01/2024', null], // day or month first? Not guessed.
    ['January', null],
    [12, null],
    [1616983302480, 1616983302480], // Dendron's created/updated: milliseconds since 1970
    [1.5e12, 1.5e12],
    [1.5e12 + 0.5, null],
    [1616983302, null], // seconds since 1970, or something else: not guessed
    [1e13, null],
    // Calendar digits: a day, a minute (the Zettelkasten prefixer's YYYYMMDDHHmm), a second —
    // as milliseconds since 1970, 202401051030 would be a day in 1976.
    [20240105, local(2024, 1, 5)],
    [202401051030, local(2024, 1, 5, 10, 30)],
    ['202401051030', local(2024, 1, 5, 10, 30)],
    [20240105103015, local(2024, 1, 5, 10, 30) + 15_000],
    [202413051030, null], // month 13: no calendar minute, and 12 digits of 1976 ms are no date
    [20241305, null],
    // Forms of Obsidian plugins and daily notes (docs/design.md#dates).
    ['Friday, January 5th 2024, 10:30:00 pm', local(2024, 1, 5, 22, 30)], // the Linter's default
    ['January 5th, 2024', local(2024, 1, 5)],
    ['1st March 2024', local(2024, 3, 1)],
    ['2024-01-05 10:30 AM', local(2024, 1, 5, 10, 30)],
    ['2024-01-05 12:05am', local(2024, 1, 5, 0, 5)],
    ['2024-01-05 12:05 p.m.', local(2024, 1, 5, 12, 5)],
    ['2024-01-05 13:05 pm', null],
    ['2024-01-05T10:30+02', Date.UTC(2024, 0, 5, 8, 30)],
    ['2024-01-05 Fri', local(2024, 1, 5)],
    ['2024-01-05, Friday', local(2024, 1, 5)],
    ['[[2024-01-05 Friday]]', local(2024, 1, 5)],
    ['[[2024-01-05|Friday]]', local(2024, 1, 5)],
    ['05.01.2024', local(2024, 1, 5)], // with dots the day is first
    ['5.1.2024', local(2024, 1, 5)],
    ['31.02.2024', null],
    [true, null],
    [['2024-01-05'], null],
  ];
  it.each(cases)('%s', (value, expected) => {
    expect(parseDate(value)).toBe(expected);
  });
});

describe('dates of a document', () => {
  const chunk = (text: string) =>
    chunkDocument({ vault: 'v', path: 'n.md', bytes: new TextEncoder().encode(text) });

  it('come from date, created and updated', () => {
    const doc = chunk(
      '---\ndate: 2024-01-05\ncreated: 2023\nupdated: "2024-02-01T08:00Z"\n---\nx\n',
    );
    expect(doc.dates).toEqual({
      date: local(2024, 1, 5),
      created: local(2023),
      updated: Date.UTC(2024, 1, 1, 8),
    });
    expect(doc.warnings).toEqual([]);
    expect(doc.metadata).toMatchObject({ date: '2024-01-05' }); // still kept as written
  });

  it('skip an unreadable value with a warning naming the key, keeping the others', () => {
    const doc = chunk('---\ncreated: someday\nupdated: 2024-05-06\ndate:\n---\nx\n');
    expect(doc.dates).toEqual({ date: null, created: null, updated: local(2024, 5, 6) });
    expect(doc.warnings).toEqual([
      'frontmatter "created" is not a date ("someday"); it is ignored',
    ]);
  });

  it("read Dendron's milliseconds since 1970 without a warning", () => {
    const doc = chunk('---\nid: x1\ncreated: 1616983302480\nupdated: 1636510026672\n---\nx\n');
    expect(doc.dates).toEqual({ date: null, created: 1616983302480, updated: 1636510026672 });
    expect(doc.warnings).toEqual([]);
  });

  it("come from the Linter's 'date created' and 'date modified', and from 'modified', any case", () => {
    const linter = chunk(
      "---\ndate created: Friday, January 5th 2024, 10:30:00 am\ndate modified: '2024-02-01'\n---\nx\n",
    );
    expect(linter.dates).toEqual({
      date: null,
      created: local(2024, 1, 5, 10, 30),
      updated: local(2024, 2, 1),
    });
    expect(linter.warnings).toEqual([]);
    const plugin = chunk('---\nCreated: 2023-04-01\nmodified: 2024-03-02 09:15\n---\nx\n');
    expect(plugin.dates).toEqual({
      date: null,
      created: local(2023, 4, 1),
      updated: local(2024, 3, 2, 9, 15),
    });
  });

  it("take 'updated' before 'modified', and warn of an unreadable one by its key", () => {
    const doc = chunk(
      '---\nupdated: 2024-05-06\nmodified: 2024-01-01\nDate Created: soon\n---\nx\n',
    );
    expect(doc.dates).toEqual({ date: null, created: null, updated: local(2024, 5, 6) });
    expect(doc.warnings).toEqual([
      'frontmatter "Date Created" is not a date ("soon"); it is ignored',
    ]);
  });

  it('are absent without frontmatter', () => {
    expect(chunk('# Title\n').dates).toEqual({ date: null, created: null, updated: null });
  });
});
