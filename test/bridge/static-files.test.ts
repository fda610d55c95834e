import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentTypeOf, resolveStaticFile } from '../../src-main/bridge/static-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'folio-static-'));
const root = join(dir, 'build');
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html>');
writeFileSync(join(root, 'assets', 'app.js'), 'export {}');
writeFileSync(join(dir, 'secret.txt'), 'secret');
mkdirSync(join(dir, 'build-other'));
writeFileSync(join(dir, 'build-other', 'x.js'), '');
symlinkSync(join(dir, 'secret.txt'), join(root, 'assets', 'escape.txt'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveStaticFile', () => {
  it('serves files of the build, / as index.html', () => {
    expect(resolveStaticFile(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveStaticFile(root, '/assets/app.js')).toBe(join(root, 'assets', 'app.js'));
    expect(resolveStaticFile(root, '/assets/%61pp.js')).toBe(join(root, 'assets', 'app.js'));
  });

  it.each([
    ['/../secret.txt'],
    ['/%2e%2e/secret.txt'],
    ['/assets/..%2f..%2fsecret.txt'],
    ['/assets/%2e%2e%2f%2e%2e%2fsecret.txt'],
    ['/..%5csecret.txt'],
    ['/../build-other/x.js'],
    ['/assets/escape.txt'],
    ['/assets'],
    ['/missing.js'],
    ['/%00index.html'],
    ['/%E0%A4%A'],
    ['relative/index.html'],
  ])('refuses %s', (path) => {
    expect(resolveStaticFile(root, path)).toBeNull();
  });

  it('names content types by extension', () => {
    expect(contentTypeOf('a/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a/app.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('a/blob.bin')).toBe('application/octet-stream');
  });
});
