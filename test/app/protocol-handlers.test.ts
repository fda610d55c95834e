import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RENDERER_CSP,
  createAppProtocolHandler,
  createVaultProtocolHandler,
  lookupInside,
  safeSegments,
} from '../../src-main/app/protocol-handlers.ts';
import { vaultImageUrl } from '../../src-renderer/src/lib/hast-attributes.ts';

// What Chromium hands the handler: `folio-vault` is registered as a standard scheme, so its URLs
// are canonicalised like http's (Node's WHATWG parser does the same for http).
function asChromiumSees(url: string): string {
  const canonical = new URL(url.replace(/^folio-vault:/, 'http:')).href;
  return `folio-vault:${canonical.slice('http:'.length)}`;
}

// A vault with an image, a note, a hidden folder, and symlinks pointing inside and outside it;
// a secret beside the vault; a built renderer folder.
let base = '';
let vault = '';
let renderer = '';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'folio-protocol-'));
  vault = join(base, 'vault');
  renderer = join(base, 'renderer');
  await mkdir(join(vault, 'img', 'sub dir'), { recursive: true });
  await mkdir(join(vault, '.obsidian'), { recursive: true });
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(vault, 'img', 'logo.png'), PNG);
  await writeFile(join(vault, 'img', 'sub dir', 'é é.PNG'), PNG);
  await writeFile(join(vault, 'img', 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(vault, 'note.md'), '# Note\n');
  await writeFile(join(vault, '.obsidian', 'icon.png'), PNG);
  await writeFile(join(base, 'secret.png'), PNG);
  await symlink(join(base, 'secret.png'), join(vault, 'img', 'escape.png'));
  await symlink(base, join(vault, 'outside'));
  await symlink(join(vault, 'img', 'logo.png'), join(vault, 'img', 'alias.png'));
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>Folio</title>');
  await writeFile(join(renderer, 'quick.html'), '<!doctype html><title>Quick</title>');
  await writeFile(join(renderer, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(join(renderer, 'assets', 'index-abc.css'), 'body{}');
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('safeSegments', () => {
  it.each([
    ['/img/logo.png', ['img', 'logo.png']],
    ['/img/sub%20dir/%C3%A9%20%C3%A9.PNG', ['img', 'sub dir', 'é é.PNG']],
    ['//img//logo.png', ['img', 'logo.png']],
  ])('%s → %j', (path, segments) => {
    expect(safeSegments(path)).toEqual(segments);
  });

  it.each([
    ['/', 'the path is empty'],
    ['/img/%2E%2E/secret.png', '".." is not allowed in a path'],
    ['/img/..%2Fsecret.png', '"../secret.png" is not allowed in a path'],
    ['/img%5C..%5Csecret.png', '"img\\..\\secret.png" is not allowed in a path'],
    ['/.obsidian/icon.png', '".obsidian" is not allowed in a path'],
    ['/img/a%00.png', '"a\0.png" is not allowed in a path'],
    ['/C:/Windows/x.png', '"C:" is not allowed in a path'],
    ['/img/%E0%A4%A', '"%E0%A4%A" is not a valid URL path segment'],
  ])('%s is refused', (path, message) => {
    expect(safeSegments(path)).toBe(message);
  });
});

describe('lookupInside', () => {
  it('finds a file and follows a symlink that stays inside', async () => {
    const found = await lookupInside(vault, ['img', 'alias.png']);
    expect(found).toMatchObject({ ok: true, size: PNG.length });
  });

  it('refuses a symlink leading outside the root, to a file or through a folder', async () => {
    expect(await lookupInside(vault, ['img', 'escape.png'])).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await lookupInside(vault, ['outside', 'secret.png'])).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it('answers 404 for a missing file and for a folder', async () => {
    expect(await lookupInside(vault, ['img', 'missing.png'])).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await lookupInside(vault, ['img'])).toMatchObject({ ok: false, status: 404 });
  });
});

describe('folio-vault:// handler', () => {
  const roots: Record<string, string> = {};
  const handler = createVaultProtocolHandler(async (name) => roots[name] ?? null);
  beforeAll(() => {
    roots.notes = vault;
  });

  it('serves an image from inside a registered vault with safe headers', async () => {
    const response = await handler(new Request('folio-vault://vault/notes/img/logo.png'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it('decodes escaped names and matches extensions case-insensitively', async () => {
    const response = await handler(
      new Request('folio-vault://vault/notes/img/sub%20dir/%C3%A9%20%C3%A9.PNG'),
    );
    expect(response.status).toBe(200);
  });

  it('serves SVG under a CSP that forbids scripts', async () => {
    const response = await handler(new Request('folio-vault://vault/notes/img/drawing.svg'));
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it.each([
    ['folio-vault://vault/other/img/logo.png', 404, 'no vault is named "other"'],
    ['folio-vault://vault/notes/note.md', 403, 'note.md is not an image'],
    ['folio-vault://vault/notes/img/escape.png', 403, 'img/escape.png leads outside its folder'],
    [
      'folio-vault://vault/notes/outside/secret.png',
      403,
      'outside/secret.png leads outside its folder',
    ],
    // The URL parser resolves dot segments before the handler sees them: this asks for /secret.png.
    ['folio-vault://vault/notes/img/%2E%2E/secret.png', 404, 'secret.png was not found'],
    // …and one more climbs out of the vault's name: no file is named.
    [
      'folio-vault://vault/notes/img/%2E%2E/%2E%2E/secret.png',
      400,
      'no file named in vault "secret.png"',
    ],
    [
      'folio-vault://vault/notes/img/..%2F..%2Fsecret.png',
      400,
      '"../../secret.png" is not allowed in a path',
    ],
    ['folio-vault://vault/notes/.obsidian/icon.png', 400, '".obsidian" is not allowed in a path'],
    ['folio-vault://vault/notes/img/missing.png', 404, 'img/missing.png was not found'],
    ['folio-vault://notes/img/logo.png', 404, 'unknown host'],
    ['folio-vault://vault/notes', 400, 'no file named in vault "notes"'],
    ['folio-vault://vault/', 400, 'the path is empty'],
  ])('%s → %i', async (url, status, reason) => {
    const response = await handler(new Request(url));
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(reason);
  });

  // A vault named 2024 reached the handler as host 0.0.7.232 when the name was the host.
  it.each(['2024', '0x1f', '1e3', 'a_b', 'my-notes'])(
    'serves images of a vault named %s as the renderer addresses them',
    async (name) => {
      const serve = createVaultProtocolHandler(async (vault) => (vault === name ? base : null));
      const url = asChromiumSees(
        vaultImageUrl('logo.png', { vault: name, path: 'vault/img/n.md' })!,
      );
      const response = await serve(new Request(url));
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    },
  );

  it('refuses requests from pages that are not Folio pages', async () => {
    const request = new Request('folio-vault://vault/notes/img/logo.png');
    Object.assign(request, { initiatorOrigin: 'https://evil.example' });
    expect((await handler(request)).status).toBe(403);
    Object.assign(request, { initiatorOrigin: 'folio://app' });
    expect((await handler(request)).status).toBe(200);
  });

  it('serves GET only', async () => {
    const response = await handler(
      new Request('folio-vault://vault/notes/img/logo.png', { method: 'POST' }),
    );
    expect(response.status).toBe(405);
  });
});

describe('folio://app handler', () => {
  const serve = (url: string) => createAppProtocolHandler(renderer)(new Request(url));

  it('serves the pages with the CSP, and / as index.html', async () => {
    for (const url of ['folio://app/index.html', 'folio://app/', 'folio://app/quick.html']) {
      const response = await serve(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    }
    expect(await (await serve('folio://app/')).text()).toContain('<title>Folio</title>');
  });

  it('serves scripts and styles with their types', async () => {
    const script = await serve('folio://app/assets/index-abc.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const style = await serve('folio://app/assets/index-abc.css');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it.each([
    ['folio://app/%2E%2E/vault/note.md', 404],
    ['folio://app/..%2F..%2Fsecret.png', 400],
    ['folio://app/missing.js', 404],
    ['folio://other/index.html', 404],
    ['folio://app/assets/readme.exe', 404],
  ])('%s → %i', async (url, status) => {
    expect((await serve(url)).status).toBe(status);
  });

  it('keeps its CSP strict: no remote scripts, no eval, no inline scripts', () => {
    expect(RENDERER_CSP).toContain("default-src 'none'");
    expect(RENDERER_CSP).toContain("script-src 'self';");
    expect(RENDERER_CSP).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
    expect(RENDERER_CSP).toContain("frame-ancestors 'none'");
  });
});
