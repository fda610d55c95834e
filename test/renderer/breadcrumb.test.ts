// The breadcrumb as the window shows it (src-renderer lib/breadcrumb.ts, docs/ui.md#results): the
// engine's `> Note › Section › …` without its `> `, and on a result row only the part above the
// title shown below it. The crumbs are the engine's for odd headings (`cli search --raw --json`
// on a note of them): a title holding ' › ', an empty heading (`## ` alone: the window names it,
// docs/ui.md#untitled-sections), a note's own result; wikilinks in headings show as their text
// (docs/ui.md#wikilinks-in-headings).
import { describe, expect, it } from 'vitest';
import {
  UNTITLED,
  crumbParents,
  crumbText,
  linkText,
  titleText,
} from '../../src-renderer/src/lib/breadcrumb.ts';

describe('breadcrumbs', () => {
  it.each([
    ['> Station › Power', 'Station › Power'],
    ['Station › Power', 'Station › Power'],
    ['> ', ''],
    ['>Station', '>Station'],
    ['> Station › ', 'Station › (untitled section)'],
    ['> Station ›  › Battery', 'Station › (untitled section) › Battery'],
    ['> Station ›  › ', 'Station › (untitled section) › (untitled section)'],
    ['> Station › › › Battery', 'Station › › › Battery'],
    ['> Station › x › › Battery', 'Station › x › › Battery'],
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
    [
      'a heading below an empty one',
      '> Station ›  › Battery',
      'Battery',
      'Station › (untitled section)',
    ],
    ['an empty heading below an empty one', '> Station ›  › ', '', 'Station › (untitled section)'],
  ])('shows above %s only what is above its title', (_, breadcrumb, title, parents) => {
    expect(crumbParents(breadcrumb, title)).toBe(parents);
  });

  it('names a heading with no text', () => {
    expect(titleText('')).toBe(UNTITLED);
    expect(UNTITLED).toBe('(untitled section)');
    expect(titleText('Power')).toBe('Power');
  });

  it.each([
    ['An Introduction to [[dataview|Dataview]]', 'An Introduction to Dataview'],
    ['Using [[Templater]] and [[Note#Part]]', 'Using Templater and Note > Part'],
    ['See [[#Local heading]] and ![[pic.png]]', 'See Local heading and pic.png'],
    ['A [[Note#^block|  ]] ref', 'A Note ref'],
    ['Empty [[]] link', 'Empty [[]] link'],
    ['No links [here]', 'No links [here]'],
  ])('shows the wikilinks of %j as %j', (title, shown) => {
    expect(linkText(title)).toBe(shown);
    expect(titleText(title)).toBe(shown);
  });

  it('shows the wikilinks of a crumb as their text', () => {
    const crumb = '> An Introduction to [[dataview|Dataview]] › Using [[Templater]]';
    expect(crumbText(crumb)).toBe('An Introduction to Dataview › Using Templater');
    expect(crumbParents(crumb, 'Using [[Templater]]')).toBe('An Introduction to Dataview');
  });
});
