// `npm run web -- --help` (README.md's set-up): its usage line is the README's, every option in
// it has a line saying what it does, and the parser takes exactly those options.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebArgs, WEB_HELP, WEB_USAGE } from '../../src-main/bridge/web-args.ts';

const repo = join(import.meta.dirname, '..', '..');
const options = [...WEB_USAGE.matchAll(/\[(--[a-z-]+)( [A-Z]+)?\]/g)].map((m) => ({
  name: m[1]!,
  value: m[2]?.trim(),
}));

describe('npm run web -- --help', () => {
  it("is the README's usage line", () => {
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    expect(readme).toContain(`\`${WEB_USAGE.replace('usage: ', '')}\``);
  });

  it('says what each option does', () => {
    expect(options.map((o) => o.name)).toEqual([
      '--db',
      '--port',
      '--no-build',
      '--no-watch',
      '--only',
    ]);
    const explained = WEB_HELP.split('\n').filter((line) => /^ {2}--/.test(line));
    for (const { name, value } of options) {
      const head = value ? `${name} ${value} ` : `${name} `;
      expect(
        explained.some((line) => line.startsWith(`  ${head}`)),
        name,
      ).toBe(true);
    }
  });

  it('takes the options of its usage line, and no other', () => {
    const folder = join(repo, 'resources', 'sample-vault');
    const valueOf: Record<string, string> = { FILE: '/tmp/folio-web-help.db', N: '0' };
    for (const { name, value } of options) {
      const args = value ? [name, valueOf[value]!] : [name];
      expect(() => parseWebArgs([...args, folder]), name).not.toThrow();
    }
    expect(() => parseWebArgs(['--watch', folder])).toThrow(/--watch/);
  });
});
