// walkVault on real folders in a temp dir: vault rules, relative `/` paths as on disk (NFD stays
// NFD), symbolic links followed without loops, broken entries reported and skipped.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  walkVault,
  type VaultFile,
  type WalkOptions,
} from '../../../src-main/engine/files/walk-vault.ts';

let root: string;
let outside: string;

const nfd = 'cafe\u0301-nfd.md';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'folio-walk-'));
  outside = mkdtempSync(join(tmpdir(), 'folio-walk-outside-'));
  const files = [
    'a.md',
    'b.txt',
    'UPPER.MD',
    'image.png',
    '.hidden-note.md',
    '.obsidian/workspace.md',
    'node_modules/pkg/readme.md',
    'sub/deep/d.md',
    'sub/drafts/draft.md',
    'archive/old.md',
    nfd,
    'hash#in#name.md',
    'file with spaces.markdown',
  ];
  for (const file of files) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), `# ${file}\n`);
  }
  writeFileSync(join(outside, 'linked.md'), '# outside\n');
  symlinkSync(join(outside, 'linked.md'), join(root, 'link-to-file.md'));
  symlinkSync(outside, join(root, 'link-to-folder'));
  symlinkSync(root, join(root, 'sub', 'loop')); // a link back to the vault root
  symlinkSync(join(root, 'missing.md'), join(root, 'broken.md'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

async function walk(options: WalkOptions = {}): Promise<VaultFile[]> {
  const files: VaultFile[] = [];
  for await (const file of walkVault(root, options)) files.push(file);
  return files;
}

describe('walkVault', () => {
  it('yields indexed files with vault-relative paths, in a stable order', async () => {
    const errors: string[] = [];
    const files = await walk({ onError: (path) => errors.push(path) });
    expect(files.map((file) => file.path)).toEqual([
      'UPPER.MD',
      'a.md',
      'archive/old.md',
      'b.txt',
      nfd,
      'file with spaces.markdown',
      'hash#in#name.md',
      'link-to-file.md',
      'link-to-folder/linked.md',
      'sub/deep/d.md',
      'sub/drafts/draft.md',
    ]);
    expect(errors).toEqual(['broken.md']);
  });

  it('keeps NFD names as NFD and reports size, mtime, kind and the absolute path', async () => {
    const file = (await walk()).find((entry) => entry.path.startsWith('cafe'))!;
    expect(file.path).toBe(nfd);
    expect(file.path).not.toBe(nfd.normalize('NFC'));
    expect(file).toMatchObject({
      absPath: join(root, nfd),
      size: `# ${nfd}\n`.length + 1,
      kind: 'markdown',
    });
    expect(file.mtimeMs).toBeGreaterThan(0);
    expect((await walk()).find((entry) => entry.path === 'b.txt')?.kind).toBe('text');
  });

  it('applies the vault ignore globs', async () => {
    const paths = (await walk({ ignore: ['drafts', 'archive/**', '*.txt'] })).map(
      (file) => file.path,
    );
    expect(paths).not.toContain('sub/drafts/draft.md');
    expect(paths).not.toContain('archive/old.md');
    expect(paths).not.toContain('b.txt');
    expect(paths).toContain('sub/deep/d.md');
  });

  it('rejects a root that is not a folder, and a bad glob, before walking', async () => {
    const first = (path: string, options?: WalkOptions) =>
      walkVault(path, options)[Symbol.asyncIterator]().next();
    await expect(first(join(root, 'a.md'))).rejects.toThrow('is not a folder');
    await expect(first(join(root, 'nope'))).rejects.toThrow('ENOENT');
    await expect(first(root, { ignore: [''] })).rejects.toThrow('ignore glob "" is empty');
  });
});

describe('walkVault while the folder changes', () => {
  it('skips a folder deleted after it was listed, without reporting an error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-walk-vanish-'));
    try {
      for (const file of ['a/1.md', 'b/2.md', 'c/3.md']) {
        mkdirSync(join(dir, file, '..'), { recursive: true });
        writeFileSync(join(dir, file), '# x\n');
      }
      const errors: string[] = [];
      const seen: string[] = [];
      for await (const file of walkVault(dir, { onError: (path) => errors.push(path) })) {
        seen.push(file.path);
        // `b` was listed (and stat'ed) with its siblings; it disappears before it is read.
        if (file.path === 'a/1.md') rmSync(join(dir, 'b'), { recursive: true });
      }
      expect(seen).toEqual(['a/1.md', 'c/3.md']);
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
