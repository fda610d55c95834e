// The `links` tool through the SDK's own client over stdio, on the links fixture vault: the same
// links as `cli links --json`, a section's subtree, the backlink limit, and one-line errors.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../cli/cli-helpers.ts';
import { REPO } from '../engine/live/cli-process.ts';
import { tempDir } from '../engine/store/temp.ts';
import { startMcp, textOf, type McpSession } from './mcp-client.ts';

const VAULT = join(REPO, 'test/fixtures/links-vault');
const db = join(tempDir('folio-mcp-links-'), 'index.db');
let mcp: McpSession;

interface Link {
  from: string;
  to: string | null;
  target: string;
  context?: string;
}
interface LinksResult {
  id: string;
  docId: string;
  outgoing: Link[];
  outgoingCount: number;
  backlinks: Array<Link & { docId: string; breadcrumb: string; context: string }>;
  backlinkCount: number;
  truncated: boolean;
}

async function links(args: object): Promise<LinksResult> {
  const result = await mcp.call('links', args);
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent as unknown as LinksResult;
}

beforeAll(async () => {
  const run = await cli('index', '--db', db, `${VAULT}=lv`);
  expect(run.status, run.err).toBe(0);
  mcp = await startMcp(['--db', db]);
}, 120_000);

afterAll(async () => {
  await mcp?.close();
});

describe('cli mcp: links', () => {
  it('gives a note the links `cli links` gives it, and a line per link', async () => {
    for (const docId of ['lv:Home.md', 'lv:Note.md', 'lv:Headings.md']) {
      const run = await cli('links', '--db', db, docId, '--json');
      expect(run.status, run.err).toBe(0);
      const expected = JSON.parse(run.out) as { outgoing: Link[]; backlinks: Link[] };
      const found = await links({ id: docId, limit: 100 });
      expect(found.docId).toBe(docId);
      expect(found.outgoing.map(({ from, to, target }) => ({ from, to, target }))).toEqual(
        expected.outgoing,
      );
      expect(found.backlinks.map(({ from, to, target }) => ({ from, to, target }))).toEqual(
        expected.backlinks.map(({ from, to, target }) => ({ from, to, target })),
      );
      expect(found.backlinkCount).toBe(expected.backlinks.length);
      expect(found.truncated).toBe(false);
    }
    const home = await mcp.call('links', { id: 'lv:Home.md' });
    const text = textOf(home);
    const { outgoing } = home.structuredContent as unknown as LinksResult;
    expect(outgoing.length).toBeGreaterThan(10);
    expect(text.split('\n')[0]).toMatch(/^lv:Home\.md — \d+ outgoing, \d+ backlinks$/);
    expect(text).toContain('\n    → no such note: "Nowhere"\n');
    expect(text).toContain('\n    → lv:Note.md (embed)\n');
  });

  it('names each id once in the text: links under their section, a backlink to the note without it', async () => {
    const home = textOf(await mcp.call('links', { id: 'lv:Home.md' }));
    // Every outgoing link of the note is in its top section: one heading line, then the targets,
    // the same target linked again in a row counted (Plain: [[Note]], [[note]], [[NOTE.MD]]).
    expect(home.split('\n').slice(2, 5)).toEqual([
      '  in lv:Home.md#home:',
      '    → lv:Note.md ×3',
      '    → lv:zzzz/Note.md',
    ]);
    expect(home.match(/in lv:Home\.md#home:/g)).toHaveLength(1);
    const note = textOf(await mcp.call('links', { id: 'lv:Note.md' }));
    // A section linking from several lines is named once, its lines under it.
    expect(note).toContain(
      '\n  1. Home — lv:Home.md#home (4 lines):\n     · ×3: Plain: **Note**, case: **note**, with extension: **NOTE.MD**.\n     · (embed): Embeds: **Note**, shown, picture.png.\n',
    );
    expect(note.match(/lv:Home\.md#home/g)).toHaveLength(1);
    expect(note).toContain(
      '\n  2. Relative — lv:a/b/Rel.md#relative: ../Sibling, ./Local, Local, **../../Note**, up,\n',
    );
    expect(note).not.toContain('→ lv:Note.md');
    // A backlink to a section of the note says which.
    const headings = textOf(await mcp.call('links', { id: 'lv:Headings.md' }));
    expect(headings).toContain('\n     · → lv:Headings.md#sub-one: ');
  });

  it('gives a section the links of its subtree: the backlinks to it and to its subsections', async () => {
    const outline = (await mcp.call('outline', { docId: 'lv:Headings.md' })).structuredContent as {
      nodes: Array<{ id: string; title: string }>;
    };
    const idOf = (title: string) => outline.nodes.find((n) => n.title === title)!.id;
    const section = idOf('C++ & Rust: a comparison');
    const found = await links({ id: section });
    expect(found.docId).toBe('lv:Headings.md');
    expect(new Set(found.backlinks.map((b) => b.to))).toEqual(new Set([section, idOf('Sub: one')]));
    expect(found.backlinks.every((b) => b.from.startsWith('lv:Home.md'))).toBe(true);
    expect(found.backlinks[0]!.context).toContain('C++ & Rust');
    const whole = await links({ id: 'lv:Headings.md', limit: 100 });
    expect(whole.backlinkCount).toBeGreaterThan(found.backlinkCount);
  });

  it('stops at limit backlinks and says how many there are', async () => {
    const all = await links({ id: 'lv:Note.md', limit: 100 });
    expect(all.backlinkCount).toBeGreaterThan(1);
    const one = await links({ id: 'lv:Note.md', limit: 1 });
    expect(one.backlinks).toEqual(all.backlinks.slice(0, 1));
    expect(one.backlinkCount).toBe(all.backlinkCount);
    expect(one.truncated).toBe(true);
    expect(textOf(await mcp.call('links', { id: 'lv:Note.md', limit: 1 }))).toContain(
      `… ${all.backlinkCount - 1} more not shown (a larger limit shows more)`,
    );
  });

  it('stops at limit outgoing links too, counting them all', async () => {
    const all = await links({ id: 'lv:Home.md', limit: 100 });
    expect(all.outgoingCount).toBe(all.outgoing.length);
    expect(all.outgoingCount).toBeGreaterThan(3);
    const three = await links({ id: 'lv:Home.md', limit: 3 });
    expect(three.outgoing).toEqual(all.outgoing.slice(0, 3));
    expect(three.outgoingCount).toBe(all.outgoingCount);
    expect(three.truncated).toBe(true);
    const text = textOf(await mcp.call('links', { id: 'lv:Home.md', limit: 3 }));
    expect(text.split('\n')[0]).toBe(
      `lv:Home.md — ${all.outgoingCount} outgoing, ${all.backlinkCount} backlinks`,
    );
    expect(text).toContain(`… ${all.outgoingCount - 3} more not shown (a larger limit shows more)`);
  });

  it('answers bad arguments with one-line tool errors', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [
        { id: 'lv:Nope.md' },
        /^links: no indexed note or section "lv:Nope\.md"; ids come from search, outline and links answers: search \{"query":"nope"\} finds notes by their words$/,
      ],
      [
        { id: 'lv:Headings.md#nope' },
        /^links: no indexed note or section "lv:Headings\.md#nope"; its note is indexed but has no such section now: outline \{"docId":"lv:Headings\.md"\} lists its sections$/,
      ],
      [{ id: 'lv:Note.md', limit: 0 }, /^links: limit must be a whole number from 1 to 100/],
      [{ id: 'lv:Note.md', depth: 2 }, /^links: unknown argument "depth"; it takes id, limit$/],
      [{}, /^links: id is required \(id\)$/],
      [{ id: 7 }, /^links: id must be a string \(id\)$/],
    ];
    for (const [args, message] of cases) {
      const result = await mcp.call('links', args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
    }
  });
});
