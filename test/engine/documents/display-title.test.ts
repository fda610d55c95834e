// Display titles (docs/design.md#display-titles): a note whose title is only its file name is
// shown by its first heading, in the outline, the preview's breadcrumb and search results; the
// index keeps the title of the specification.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine, engineInternals } from '../../../src-main/engine/create-engine.ts';
import {
  displayBreadcrumb,
  displayTitle,
} from '../../../src-main/engine/documents/display-title.ts';
import { tempDir } from '../store/temp.ts';

describe('displayTitle and displayBreadcrumb', () => {
  const file = (path: string, title: string, heading: string | null) => ({
    path,
    file_title: title,
    first_heading: heading,
  });

  it.each([
    // [path, fileTitle, first heading, display title]
    ['ch12-03-errors.md', 'ch12-03-errors', 'Improving Error Handling', 'Improving Error Handling'],
    ['dir/notes.md', 'Notes from frontmatter', 'First heading', 'Notes from frontmatter'],
    ['dir/plain.md', 'plain', null, 'plain'],
    ['dir/blank.md', 'blank', '   ', 'blank'],
    ['dir/a.b.md', 'a.b', 'Dotted name', 'Dotted name'],
  ])('%s titled %j with first heading %j shows %j', (path, title, heading, shown) => {
    expect(displayTitle(file(path, title, heading))).toBe(shown);
  });

  it('names the note by its display title and does not say the first heading twice', () => {
    const stem = file('ch12-03-errors.md', 'ch12-03-errors', 'Improving Error Handling');
    expect(displayBreadcrumb(stem, '> ch12-03-errors')).toBe('> Improving Error Handling');
    expect(displayBreadcrumb(stem, '> ch12-03-errors › Improving Error Handling')).toBe(
      '> Improving Error Handling',
    );
    expect(
      displayBreadcrumb(stem, '> ch12-03-errors › Improving Error Handling › Separation'),
    ).toBe('> Improving Error Handling › Separation');
    // A first heading that only starts like the name is kept.
    expect(displayBreadcrumb(stem, '> ch12-03-errors › Improving Error Handlingly')).toBe(
      '> Improving Error Handling › Improving Error Handlingly',
    );
    const titled = file('n.md', 'Titled', 'Heading');
    expect(displayBreadcrumb(titled, '> Titled › Heading')).toBe('> Titled › Heading');
  });
});

describe('the engine shows display titles', () => {
  const dir = tempDir();
  const root = join(dir, 'book');
  let engine: EngineService;

  beforeAll(async () => {
    mkdirSync(root, { recursive: true });
    writeFileSync(
      join(root, 'ch12-03-improving-error-handling.md'),
      '## Improving Error Handling\n\nIntro.\n\n### Separation of Concerns\n\nSplit main.\n',
    );
    writeFileSync(join(root, 'titled.md'), '# A Real Title\n\nText.\n');
    writeFileSync(
      join(root, 'untitled-first.md'),
      '# \n\nOpening words.\n\n## Second heading\n\nLater words.\n',
    );
    engine = await createEngine({ dbPath: join(dir, 'folio.db'), watch: false });
    await engine.addVault({ root, name: 'book' });
    await engineInternals(engine).indexed('book');
  });

  afterAll(async () => {
    await engine.close();
  });

  it('in the outline and the preview, keeping the index title', async () => {
    const outline = await engine.outline({ docId: 'book:ch12-03-improving-error-handling.md' });
    expect(outline.fileTitle).toBe('ch12-03-improving-error-handling');
    expect(outline.displayTitle).toBe('Improving Error Handling');
    const node = await engine.nodeContent({
      id: 'book:ch12-03-improving-error-handling.md#separation-of-concerns',
    });
    expect(node.breadcrumb).toBe(
      '> ch12-03-improving-error-handling › Improving Error Handling › Separation of Concerns',
    );
    expect(node.displayBreadcrumb).toBe('> Improving Error Handling › Separation of Concerns');
    const titled = await engine.outline({ docId: 'book:titled.md' });
    expect(titled.displayTitle).toBe('A Real Title');
  });

  it('by its file name when its first heading has no text', async () => {
    // `# ` alone is a heading the window calls "(untitled section)" (docs/ui.md#untitled-sections):
    // the note has no heading text to be named by, so it is named as a note without headings is,
    // not by the heading after it — which then showed twice in a breadcrumb, an untitled crumb
    // between ('> Second heading ›  › Second heading').
    const outline = await engine.outline({ docId: 'book:untitled-first.md' });
    expect(outline.displayTitle).toBe('untitled-first');
    const node = await engine.nodeContent({ id: 'book:untitled-first.md#second-heading' });
    expect(node.displayBreadcrumb).toBe(node.breadcrumb);
    const { results } = await engine.search({ queries: ['opening words'] });
    expect(results[0]).toMatchObject({ depth: 1, displayTitle: '' });
    expect(results[0]!.displayBreadcrumb).toBe(results[0]!.breadcrumb);
  });

  it('in search results, keeping title and breadcrumb as specified', async () => {
    const { results } = await engine.search({ queries: ['split main'] });
    expect(results[0]).toMatchObject({
      title: 'Separation of Concerns',
      displayTitle: 'Separation of Concerns',
      breadcrumb:
        '> ch12-03-improving-error-handling › Improving Error Handling › Separation of Concerns',
      displayBreadcrumb: '> Improving Error Handling › Separation of Concerns',
    });
    const whole = await engine.search({ queries: ['intro split'] });
    const note = whole.results.find(
      (r) => r.depth === 0 || r.id.endsWith('#improving-error-handling'),
    );
    expect(note?.displayTitle).toBe('Improving Error Handling');
  });
});
