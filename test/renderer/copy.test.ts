// Copying from the main window: sizes before the copy, a confirmation above the limit (the token
// budget, or LARGE_COPY_TOKENS without one), the choice of all / cut / nothing, and the message.
import { describe, expect, it } from 'vitest';
import type {
  ExportRequest,
  NodeContent,
  OutlineNode,
  OutlineResponse,
  Settings,
} from '#shared/contract/api.ts';
import { CopyState, LARGE_COPY_TOKENS } from '../../src-renderer/src/state/copy.svelte.ts';
import { NoticeState } from '../../src-renderer/src/state/notice.svelte.ts';
import { formatTokens, resultTokens, sectionSize } from '../../src-renderer/src/lib/copy-size.ts';
import { createFakeApi, failed, ok, result } from './fake-api.ts';

/** An API whose exports are `tokens` long, cut to `maxTokens` when one is given. */
function copyApi(tokens: number) {
  const fake = createFakeApi();
  fake.answer('exportResults', (request: ExportRequest) => {
    const size = request.maxTokens ? Math.min(tokens, request.maxTokens) : tokens;
    return ok({ text: 'x'.repeat(size * 4), tokens: size, truncated: size < tokens, included: 1 });
  });
  fake.answer('copyText', () => ok(null));
  return fake;
}

function copier(tokens: number, settings: Partial<Settings> = {}) {
  const fake = copyApi(tokens);
  const notice = new NoticeState();
  let copied = 0;
  const state = new CopyState(
    fake.api,
    notice,
    () => ({ exportFormat: 'md', exportMaxTokens: null, ...settings }) as Settings,
    () => (copied += 1),
  );
  const copies = () => fake.calls.filter(([method]) => method === 'copyText');
  return { fake, notice, state, copies, copied: () => copied };
}

describe('CopyState', () => {
  it('copies a small export at once, saying its size', async () => {
    const { state, notice, copies, copied, fake } = copier(120);
    await state.copy(['v:a.md#s']);
    expect(fake.calls[0]).toEqual([
      'exportResults',
      { ids: ['v:a.md#s'], format: 'md', maxTokens: null },
    ]);
    expect(copies()).toHaveLength(1);
    expect(state.pending).toBeNull();
    expect(notice.text).toBe('Copied 1 result as Markdown (120 tokens).');
    expect(copied()).toBe(1);
  });

  it('asks before a copy above LARGE_COPY_TOKENS; all of it copies the export made', async () => {
    const { state, copies, notice } = copier(19_341);
    await state.copy(['v:a.md']);
    expect(copies()).toHaveLength(0);
    expect(state.pending).toMatchObject({ limit: LARGE_COPY_TOKENS, isBudget: false });
    await state.choose('all');
    expect(copies()).toEqual([['copyText', { text: 'x'.repeat(19_341 * 4) }]]);
    expect(notice.text).toBe('Copied 1 result as Markdown (19,341 tokens).');
  });

  it('with a token budget, asks above it; cut exports again within the budget', async () => {
    const { state, copies, fake } = copier(5_000, { exportMaxTokens: 2_000 });
    await state.copy(['v:a.md', 'v:b.md']);
    expect(state.pending).toMatchObject({ limit: 2_000, isBudget: true });
    await state.choose('cut');
    expect(fake.calls.at(-2)).toEqual([
      'exportResults',
      { ids: ['v:a.md', 'v:b.md'], format: 'md', maxTokens: 2_000 },
    ]);
    expect(copies()).toEqual([['copyText', { text: 'x'.repeat(2_000 * 4) }]]);
  });

  it('cancel copies nothing and says so', async () => {
    const { state, copies, notice, copied } = copier(9_000);
    await state.copy(['v:a.md']);
    await state.choose('cancel');
    expect(copies()).toHaveLength(0);
    expect(state.pending).toBeNull();
    expect(notice.text).toBe('Nothing copied.');
    expect(copied()).toBe(0);
  });

  it('copies a section without its subsections when asked', async () => {
    const { state, notice, fake } = copier(40);
    await state.copy(['v:a.md#s'], { subsections: false });
    expect(fake.calls[0]![1]).toMatchObject({ subsections: false });
    expect(notice.text).toBe('Copied 1 section without subsections as Markdown (40 tokens).');
  });

  it('says so when there is nothing to copy, or the export fails', async () => {
    const { state, notice, fake } = copier(10);
    await state.copy([]);
    expect(notice).toMatchObject({
      isError: true,
      text: 'Nothing to copy: no result is selected.',
    });
    fake.answer('exportResults', () => failed('not-found', 'no node v:gone.md'));
    await state.copy(['v:gone.md']);
    expect(notice).toMatchObject({ isError: true, text: 'Export failed: no node v:gone.md' });
  });
});

describe('copy sizes', () => {
  const node = (id: string, parentId: string | null, startLine: number): OutlineNode => ({
    id,
    parentId,
    depth: parentId ? 2 : 0,
    position: 0,
    title: id,
    slug: null,
    startLine,
    endLine: startLine,
    isChunk: true,
  });
  const content = (id: string, markdown: string, startLine: number) =>
    ({ id, vault: 'v', breadcrumb: '> D', markdown, startLine }) as NodeContent;
  /** The header of an export: `## D`, `Source: v · [d#a](<d#a>) · lines …`. */
  const header = (id: string) => Math.ceil(('> D'.length + 1 + 2 * (id.length - 2) + 36) / 4);
  const outline = { nodes: [node('d', null, 1), node('d#a', 'd', 3), node('d#b', 'd#a', 6)] };

  it('a section with subsections: its own text ends at the first one', () => {
    const markdown = '## A\n\nown text.\n### B\n\nmore text under B.\n';
    expect(sectionSize(content('d#a', markdown, 3), outline as OutlineResponse)).toEqual({
      whole: header('d#a') + Math.ceil(markdown.length / 4),
      own: header('d#a') + Math.ceil('## A\n\nown text.'.length / 4),
      hasSubsections: true,
    });
    expect(sectionSize(content('d#b', '### B\n\nx\n', 6), outline as OutlineResponse)).toEqual({
      whole: header('d#b') + 3,
      own: header('d#b') + 3,
      hasSubsections: false,
    });
  });

  it('a note that starts with its heading: its own text is that section, not its frontmatter', () => {
    const doc = { ...node('n', null, 1), isChunk: false };
    const markdown = '---\ntags: [x]\n---\n# N\n\nown text.\n## S\n\nsub.\n';
    const noteOutline = { nodes: [doc, node('n#n', 'n', 4), node('n#s', 'n#n', 7)] };
    expect(sectionSize(content('n', markdown, 1), noteOutline as OutlineResponse)).toEqual({
      whole: header('n') + Math.ceil(markdown.length / 4),
      own: header('n') + Math.ceil('# N\n\nown text.'.length / 4),
      hasSubsections: true,
    });
    // A tldr page: one heading, no subsections: one copy button, the whole note.
    const page = '# tar\n\n> Archiving utility.\n\n`tar cf {{target.tar}} {{file}}`\n';
    const pageOutline = { nodes: [doc, node('n#tar', 'n', 1)] };
    expect(sectionSize(content('n', page, 1), pageOutline as OutlineResponse)).toEqual({
      whole: header('n') + Math.ceil(page.length / 4),
      own: header('n') + Math.ceil(page.length / 4),
      hasSubsections: false,
    });
  });

  it('results: their headers, and their sections from heading to end in bytes / 4', () => {
    const a = result('v:a.md', 'v:a.md', { headingStart: 0, byteEnd: 4_001 });
    const b = result('v:b.md#x', 'v:b.md', { headingStart: 100, byteEnd: 140 });
    const headers =
      Math.ceil(('> v:a.md'.length + 1 + 2 * 4 + 36) / 4) +
      Math.ceil(('> v:b.md#x'.length + 1 + 2 * 6 + 36) / 4);
    expect(resultTokens([a, b])).toBe(headers + 1_001 + 10);
  });

  it.each([
    [850, '≈ 850'],
    [1_200, '≈ 1.2k'],
    [2_000, '≈ 2k'],
    [19_341, '≈ 19k'],
  ])('%i tokens → %s', (tokens, label) => expect(formatTokens(tokens)).toBe(label));
});
