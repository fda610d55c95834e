// "Open" says what it did in both windows: Obsidian at the heading, the default app at the top,
// or why it could not (the browser).
import { describe, expect, it } from 'vitest';
import { openMessage, openNode } from '../../src-renderer/src/lib/open-node.ts';
import { createFakeApi, failed, ok } from './fake-api.ts';

describe('openMessage', () => {
  it('names the file and where it opened', () => {
    expect(
      openMessage({ app: 'obsidian', file: '/v/My Notes/Plan.md', heading: 'Next: steps' }),
    ).toBe('Opened Plan.md in Obsidian at “Next: steps”.');
    expect(openMessage({ app: 'obsidian', file: 'C:\\v\\Plan.md', heading: null })).toBe(
      'Opened Plan.md in Obsidian.',
    );
    expect(openMessage({ app: 'default-app', file: '/v/a.md', heading: null })).toBe(
      'Opened a.md with the default app, at its top (it takes no line number).',
    );
  });
});

describe('openNode', () => {
  it('passes on why the environment cannot open files', async () => {
    const fake = createFakeApi();
    fake.answer('openInEditor', () => failed('unavailable', 'Opening files … use the Folio app.'));
    expect(await openNode(fake.api, 'v:a.md')).toEqual({
      ok: false,
      message: 'Opening files … use the Folio app.',
    });
  });

  it('says so when nothing is selected, without asking', async () => {
    const fake = createFakeApi();
    expect(await openNode(fake.api, null)).toEqual({
      ok: false,
      message: 'Nothing to open: no result is selected.',
    });
    expect(fake.calls).toEqual([]);
  });

  it('opens and says where', async () => {
    const fake = createFakeApi();
    fake.answer('openInEditor', () => ok({ app: 'obsidian', file: '/v/a.md', heading: 'B' }));
    expect(await openNode(fake.api, 'v:a.md#b')).toEqual({
      ok: true,
      message: 'Opened a.md in Obsidian at “B”.',
    });
  });
});
