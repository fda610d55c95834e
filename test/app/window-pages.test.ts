// The two windows' pages (index.html, quick.html) are separate entries for Vite, so their <head>
// is written twice. The security policy in it must not drift between them: the pages are equal
// but for their title and their entry script.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const renderer = join(import.meta.dirname, '../../src-renderer');
const page = (name: string) => readFileSync(join(renderer, name), 'utf8');
const generic = (html: string) =>
  html
    .replace(/<title>[^<]*<\/title>/, '<title></title>')
    .replace(/src="\.\/src\/[a-z]+\.ts"/, 'src="./src/ENTRY.ts"');

describe('the window pages', () => {
  it('differ only in their title and entry script', () => {
    expect(generic(page('quick.html'))).toBe(generic(page('index.html')));
  });

  it('each carry the content security policy', () => {
    for (const name of ['index.html', 'quick.html']) {
      expect(page(name)).toContain("script-src 'self'");
      expect(page(name)).toContain("object-src 'none'");
    }
  });
});
