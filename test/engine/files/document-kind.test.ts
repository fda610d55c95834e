import { describe, expect, it } from 'vitest';
import { documentKind } from '../../../src-main/engine/files/document-kind.ts';

describe('documentKind', () => {
  it.each([
    ['note.md', 'markdown'],
    ['UPPER.MD', 'markdown'],
    ['a/b/guide.markdown', 'markdown'],
    ['page.MDX', 'markdown'],
    ['readme.txt', 'text'],
    ['LOG.TXT', 'text'],
    ['hash#in#name.md', 'markdown'],
    ['archive.tar.md', 'markdown'],
    ['.hidden-note.md', 'markdown'],
  ])('%s is %s', (path, kind) => {
    expect(documentKind(path)).toBe(kind);
  });

  it.each(['image.png', 'notes.md.bak', 'README', 'dir.md/file', 'x.rst', 'md'])(
    '%s is not indexed',
    (path) => {
      expect(documentKind(path)).toBeNull();
    },
  );
});
