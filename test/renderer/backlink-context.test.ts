// "Linked from" marks the link's text in its line of context, where the engine says it is
// (docs/links.md#backlinks).
import { describe, expect, it } from 'vitest';
import { linkSegments } from '../../src-renderer/src/lib/backlink-context.ts';

describe('linkSegments', () => {
  it.each([
    ['See the sibling here.', [4, 15], ['See ', 'the sibling', ' here.']],
    ['Sibling and on', [0, 7], ['', 'Sibling', ' and on']],
    ['An embed: Map', [10, 13], ['An embed: ', 'Map', '']],
    // A link that shows no text marks nothing; a range past the text is held inside it.
    ['empty link', [6, 6], ['empty ', '', 'link']],
    ['short', [3, 40], ['sho', 'rt', '']],
  ] as const)('%s', (context, range, expected) => {
    expect(linkSegments(context, range)).toEqual(expected);
  });
});
