// "Linked from" marks the link in its line of context (docs/links.md#backlinks).
import { describe, expect, it } from 'vitest';
import { linkSegments } from '../../src-renderer/src/lib/backlink-context.ts';

describe('linkSegments', () => {
  it.each([
    ['See [[Sibling]] here.', 'Sibling', ['See ', '[[Sibling]]', ' here.']],
    // A wikilink's target is its inner text, alias included.
    [
      'See [[Sibling|the sibling]].',
      'Sibling|the sibling',
      ['See ', '[[Sibling|the sibling]]', '.'],
    ],
    ['An ![[Map.png]] embed', 'Map.png', ['An ', '![[Map.png]]', ' embed']],
    ['[up](../Sibling.md) and on', '../Sibling.md', ['', '[up](../Sibling.md)', ' and on']],
    ['A ![map](map.png "Map") too', 'map.png', ['A ', '![map](map.png "Map")', ' too']],
    // Brackets inside the link text: the link starts at its own `[`.
    [
      '| [`/Gm[-]`](gm-enable-minimal-rebuild.md) | Deprecated. |',
      'gm-enable-minimal-rebuild.md',
      ['| ', '[`/Gm[-]`](gm-enable-minimal-rebuild.md)', ' | Deprecated. |'],
    ],
    // The target also in the text: the destination is the link.
    ['[a.md](a.md) is it', 'a.md', ['', '[a.md](a.md)', ' is it']],
    // The context cut inside the link text.
    ['m[-]`](gm.md) | x', 'gm.md', ['', 'm[-]`](gm.md)', ' | x']],
    // One target the start of another: each finds its own link.
    [
      'Up: [[../Sibling]], [up](../Sibling.md).',
      '../Sibling',
      ['Up: ', '[[../Sibling]]', ', [up](../Sibling.md).'],
    ],
    [
      'Up: [[../Sibling]], [up](../Sibling.md).',
      '../Sibling.md',
      ['Up: [[../Sibling]], ', '[up](../Sibling.md)', '.'],
    ],
    ['No link here', 'Gone', ['No link here', '', '']],
    ['Anything', '', ['Anything', '', '']],
  ] as const)('%s', (context, target, expected) => {
    expect(linkSegments(context, target)).toEqual(expected);
  });
});
