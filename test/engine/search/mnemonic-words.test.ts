// A word written with a mnemonic in brackets (docs/design.md#text-analysis): command references
// write `E[x]tract` and `[c]reate`; a search for the word finds the note, as it finds the word
// written plainly, and a word's end or a wikilink keeps its brackets apart.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../store/temp.ts';
import { vaultEngine } from './vault-engine.ts';

function vault(): string {
  const root = join(tempDir(), 'commands');
  mkdirSync(root);
  writeFileSync(
    join(root, 'tar.md'),
    '# tar\n\n> Archiving utility.\n\n- E[x]tract an archive:\n\n`tar xf source.tar`\n\n' +
      '- [c]reate an archive:\n\n`tar cf target.tar file`\n',
  );
  writeFileSync(join(root, 'arrays.md'), '# arrays\n\nRead a[i] and Lis[t] here.\n');
  return root;
}

const engine = vaultEngine(vault, 't');
const ids = async (query: string) =>
  (await engine().search({ queries: [query] })).results.map((r) => r.docId);

describe('a word written with a mnemonic in brackets', () => {
  it('is found by the word, inside or at the start of the word', async () => {
    expect(await ids('extract archive')).toEqual(['t:tar.md']);
    expect(await ids('create')).toEqual(['t:tar.md']);
    expect(await ids('"extract an archive"')).toEqual(['t:tar.md']);
  });

  it('is not made at a word’s end: a[i] and Lis[t] stay two words', async () => {
    expect(await ids('ai')).toEqual([]);
    expect(await ids('lis')).toEqual(['t:arrays.md']);
  });
});
