// The web bridge end to end in Node: the real engine on a temporary copy of the e2e vault,
// the real HTTP server, requests as a browser (or an attacker) would send them.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResult, SearchResponse, SettingsState, VaultInfo } from '#shared/contract/api.ts';
import type { EngineService } from '#shared/contract/engine.ts';
import { createEngine } from '../../src-main/engine/create-engine.ts';
import { startBridge, type Bridge } from '../../src-main/bridge/server.ts';
import { ask, listen, until } from './http-client.ts';

const dir = mkdtempSync(join(tmpdir(), 'folio-bridge-'));
const staticDir = join(dir, 'build');
const logged: string[] = [];
let engine: EngineService;
let bridge: Bridge;

async function call<T>(method: string, argument?: unknown, headers: Record<string, string> = {}) {
  const reply = await ask(bridge.port, `/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-folio-token': bridge.token, ...headers },
    body: JSON.stringify(argument ?? null),
  });
  return { status: reply.status, result: reply.json() as ApiResult<T>, reply };
}

async function value<T>(method: string, argument?: unknown): Promise<T> {
  const { result } = await call<T>(method, argument);
  if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
  return result.value;
}

beforeAll(async () => {
  cpSync(join(import.meta.dirname, '..', 'fixtures', 'e2e-vault'), join(dir, 'vault'), {
    recursive: true,
  });
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Folio</title>');
  writeFileSync(join(staticDir, 'quick.html'), '<!doctype html><title>Quick</title>');
  writeFileSync(join(dir, 'secret.txt'), 'not for the page');
  engine = await createEngine({
    dbPath: join(dir, 'folio.db'),
    vaults: [{ root: join(dir, 'vault'), name: 'e2e' }],
    watch: false,
  });
  bridge = await startBridge({
    engine,
    staticDir,
    version: '9.9.9',
    log: (line) => logged.push(line),
  });
  await until(async () => {
    const vaults = await value<VaultInfo[]>('listVaults');
    return vaults.some((vault) => vault.documents > 0 && vault.status !== 'indexing');
  });
});

afterAll(async () => {
  await bridge?.close();
  await engine?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('web bridge', () => {
  it('answers searches from the real engine', async () => {
    const response = await value<SearchResponse>('search', { queries: ['periwinkle'] });
    expect(response.results.map((result) => result.path)).toContain('Edit me.md');
  });

  it("times each call for the page's Resource Timing (Server-Timing: bridge, call, its CPU, its wait for a core)", async () => {
    const { reply } = await call('search', { queries: ['periwinkle'] });
    const timing = String(reply.headers['server-timing']);
    const entries = Object.fromEntries(
      timing.split(', ').map((entry) => {
        const [name, duration] = entry.split(';dur=');
        return [name, Number(duration)];
      }),
    );
    expect(Object.keys(entries)).toEqual(['bridge', 'call', 'cpu', 'wait']);
    expect(entries.call).toBeGreaterThan(0);
    expect(entries.bridge).toBeGreaterThanOrEqual(entries.call!);
    expect(entries.cpu).toBeGreaterThanOrEqual(0);
    expect(entries.wait).toBeGreaterThanOrEqual(0);
  });

  it('prints URLs that carry the token in the fragment only', () => {
    expect(bridge.url).toBe(`http://127.0.0.1:${bridge.port}/#token=${bridge.token}`);
    expect(bridge.quickUrl).toBe(
      `http://127.0.0.1:${bridge.port}/quick.html#token=${bridge.token}`,
    );
  });

  it('refuses API calls without the right token', async () => {
    for (const headers of [{ 'x-folio-token': '' }, { 'x-folio-token': 'wrong' }]) {
      const { status, result } = await call('listVaults', undefined, headers);
      expect(status).toBe(401);
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    const events = await ask(bridge.port, '/api/events?token=wrong');
    expect(events.status).toBe(401);
  });

  it('refuses requests addressed to another host (DNS rebinding) or from another origin', async () => {
    const rebound = await call('listVaults', undefined, { host: `evil.example:${bridge.port}` });
    expect(rebound.status).toBe(403);
    const page = await ask(bridge.port, '/', { headers: { host: `attacker.test:${bridge.port}` } });
    expect(page.status).toBe(403);
    const crossSite = await call('listVaults', undefined, { origin: 'http://evil.example' });
    expect(crossSite.status).toBe(403);
    const sameSite = await call('listVaults', undefined, {
      origin: `http://localhost:${bridge.port}`,
    });
    expect(sameSite.status).toBe(200);
  });

  it('validates every argument before the engine sees it, naming the field', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['search', { queries: 'x' }, 'search: queries must be a list of queries (queries)'],
      ['search', ['x'], 'search: the argument must be an object'],
      ['search', { queries: ['x'], limit: 0 }, 'search: limit must be at least 1 (limit)'],
      ['outline', {}, 'outline: docId is required (docId)'],
      [
        'addVault',
        { root: '/tmp', name: 'Bad Name' },
        'addVault: name must match [a-z0-9_-]+ (at most 64 characters) (name)',
      ],
      [
        'updateSettings',
        { fuzzyDistance: 3 },
        'updateSettings: fuzzyDistance must be 0 (off) or 1 (fuzzyDistance)',
      ],
      ['updateSettings', { colour: 'red' }, 'updateSettings: unknown field "colour"'],
      ['listVaults', { sneaky: true }, 'listVaults: it takes no argument'],
    ];
    for (const [method, argument, message] of cases) {
      const { status, result } = await call(method, argument);
      expect(status).toBe(400);
      expect(result).toEqual({ ok: false, error: { code: 'invalid-argument', message } });
    }
    const notJson = await ask(bridge.port, '/api/search', {
      method: 'POST',
      headers: { 'x-folio-token': bridge.token },
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json()).toEqual({
      ok: false,
      error: { code: 'invalid-argument', message: 'search: the request body is not JSON.' },
    });
  });

  it('reports a quick-search shortcut the app would refuse, as the app does', async () => {
    const typo = await value<SettingsState>('updateSettings', {
      quickSearchHotkey: 'Ctrl+Shift+Spcae',
    });
    expect(typo.settings.quickSearchHotkey).toBe('Ctrl+Shift+Spcae');
    expect(typo.problems.quickSearchHotkey).toMatch(/Spcae/);
    expect((await value<SettingsState>('getSettings')).problems.quickSearchHotkey).toMatch(/Spcae/);
    const fixed = await value<SettingsState>('updateSettings', { quickSearchHotkey: 'Alt+K' });
    expect(fixed.problems).not.toHaveProperty('quickSearchHotkey');
  });

  it('answers unknown methods and wrong HTTP methods as data', async () => {
    const unknown = await call('constructor');
    expect(unknown.status).toBe(404);
    expect(unknown.result).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const get = await ask(bridge.port, '/api/search', {
      headers: { 'x-folio-token': bridge.token },
    });
    expect(get.status).toBe(405);
  });

  it('turns engine errors into ApiResult errors', async () => {
    const { status, result } = await call('outline', { docId: 'e2e:no such file.md' });
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('says what a browser cannot do', async () => {
    expect(await value('environment')).toEqual({
      kind: 'web',
      platform: process.platform,
      canPickFolder: false,
      canOpenFiles: false,
      version: '9.9.9',
    });
    for (const [method, argument] of [
      ['pickFolder', undefined],
      ['openInEditor', { id: 'e2e:Edit me.md' }],
      ['revealInFolder', { id: 'e2e:Edit me.md' }],
      ['copyText', { text: 'x' }],
    ] as const) {
      const { result } = await call(method, argument);
      expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    }
  });

  it('serves the build with strict headers, and nothing outside it', async () => {
    const page = await ask(bridge.port, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect((await ask(bridge.port, '/quick.html')).text).toContain('Quick');
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e%5csecret.txt',
    ]) {
      const reply = await ask(bridge.port, path);
      expect(reply.status).toBe(404);
      expect(reply.text).not.toContain('not for the page');
    }
    expect((await ask(bridge.port, '/', { method: 'POST' })).status).toBe(405);
  });

  it('streams engine events and show-node requests to every open page', async () => {
    const stream = await listen(bridge.port, `/api/events?token=${bridge.token}`);
    try {
      const { results } = await value<SearchResponse>('search', { queries: ['periwinkle'] });
      const id = results[0]!.id;
      await value('showInMainWindow', { id });
      await until(() => stream.received().includes('event: onShowNode'));
      expect(stream.received()).toContain(`data: ${JSON.stringify({ id })}`);
      await value('updateSettings', { resultLimit: 7 });
      await until(() => stream.received().includes('event: onSettingsChanged'));
    } finally {
      stream.close();
    }
    const unknownNode = await call('showInMainWindow', { id: 'e2e:missing.md' });
    expect(unknownNode.result).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});
