// The breadcrumb as the window shows it (src-renderer lib/breadcrumb.ts, docs/ui.md#results): the
// engine's `> Note › Section › …` without its `> `, and on a result row only the part above the
// title shown below it. The crumbs are the engine's for odd headings (`cli search --raw --json`
// on a note of them): a title holding ' › ', an empty heading (`## ` alone), a note's own result.
import { describe, expect, it } from 'vitest';
import { crumbParents, crumbText } from '../../src-renderer/src/lib/breadcrumb.ts';

describe('breadcrumbs', () => {
  it.each([
    ['> Station › Power', 'Station › Power'],
    ['Station › Power', 'Station › Power'],
    ['> ', ''],
    ['>Station', '>Station'],
  ])('reads %j as %j', (breadcrumb, text) => {
    expect(crumbText(breadcrumb)).toBe(text);
  });

  it.each([
    ['a section', '> Station › Power › Battery', 'Battery', 'Station › Power'],
    ["a note's own result", '> Station design', 'Station design', ''],
    ["a note titled with ' › '", '> Station › design', 'Station › design', ''],
    [
      "a heading with ' › '",
      '> Station › design › Power › Battery',
      'Power › Battery',
      'Station › design',
    ],
    ['an empty heading', '> Station › design › ', '', 'Station › design'],
    ['an empty heading below another', '> Station › Power › ', '', 'Station › Power'],
    ['a title the crumb does not end with', '> Station › Power', 'Battery', 'Station › Power'],
  ])('shows above %s only what is above its title', (_, breadcrumb, title, parents) => {
    expect(crumbParents(breadcrumb, title)).toBe(parents);
  });
});
